import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel

/// What `<data>/index` may be: nothing yet, or the engine's own link to a generation in the data
/// directory (`index.<n>`, which may be missing: then a fresh index is built). The engine moves
/// the generation it names aside when it is corrupt or its store was lost, so a link pointing
/// anywhere else would have it rename a directory that is not its own.
extension IndexDirectory {
    /// Refuses an `index` that is not the engine's link into its own data directory, before
    /// anything in the directory is touched.
    ///
    /// ```swift
    /// try IndexDirectory(dataDirectory: "/tmp/spot").checkLink()
    /// // index -> /srv/elsewhere: "/tmp/spot/index is a symbolic link to /srv/elsewhere, outside the data directory; …"
    /// ```
    /// - Throws: `.invalidInput` naming the link, where it points and what to do.
    func checkLink() throws {
        var info = stat()
        guard lstat(linkPath, &info) == 0 else { return }   // none yet: the first index makes it
        guard info.st_mode & S_IFMT == S_IFLNK else {
            throw SpotlightError(.invalidInput, "\(linkPath) is not spotlightd's link to its index (a symbolic link to "
                + "index.<n> beside it); move it out of \(dataDirectory) and start spotlightd again")
        }
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: linkPath)) ?? ""
        guard let active = activePath(), !isGeneration(active) else { return }
        let whereTo = FileManager.default.fileExists(atPath: active)
            ? "outside the data directory" : "which does not exist, outside the data directory"
        throw SpotlightError(.invalidInput, "\(linkPath) is a symbolic link to \(target), \(whereTo); spotlightd "
            + "keeps its index in the data directory and never moves or removes anything outside it. Remove the link "
            + "(`rm \(linkPath)`) and start spotlightd again: it rebuilds the index from the record store. To keep the "
            + "index on another disk, put the whole data directory there (--data-dir)")
    }

    /// Whether `path` is an entry `index.<something>` directly in the data directory, compared
    /// after resolving the directories' own links (the entry itself need not exist).
    private func isGeneration(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        guard name.hasPrefix("index."), let parent = realPath((path as NSString).deletingLastPathComponent) else {
            return false
        }
        return parent == realPath(dataDirectory)
    }

    private func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
