import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Directories only their owner may enter, as ssh keeps `~/.ssh`: spotlightd's data
/// directory, the app registry and the test harness's temporary directories hold every app's
/// records, so they are 0700 and the files in them 0600.
///
/// ```swift
/// try PrivateFiles.createDirectory("/tmp/spot/data")           // 0700, parents too
/// for change in PrivateFiles.tighten("/tmp/spot/data") {       // 0755 -> 0700, 0644 -> 0600
///     print("\(change)")
/// }
/// ```
public enum PrivateFiles {
    /// The mode of every directory.
    public static let directoryMode: mode_t = 0o700
    /// The mode of every file.
    public static let fileMode: mode_t = 0o600

    /// A mode that was changed, for the log.
    public struct ModeChange: Hashable, Sendable, CustomStringConvertible {
        public var path: String
        public var from: mode_t
        public var to: mode_t
        public var description: String {
            "\(path) from \(String(from, radix: 8)) to \(String(to, radix: 8))"
        }
    }

    /// Creates `path` and any missing parents with mode 0700 (whatever the umask); an
    /// existing directory is left as it is (see ``tighten(_:)``).
    /// - Throws: `SpotlightError(.io)` naming the directory that could not be made.
    public static func createDirectory(_ path: String) throws {
        // A relative path is made from the current directory, not from the root.
        var made = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            made += "/" + component
            if mkdir(made, directoryMode) == 0 {
                // mkdir applies the umask; the mode must not depend on it.
                _ = chmod(made, directoryMode)
                continue
            }
            let error = errno
            var status = stat()
            if error == EEXIST, stat(made, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
                throw SpotlightError(.io, "cannot create the directory \(made): a file that is not a directory is "
                    + "in the way; move it away or choose another directory", underlying: String(cString: strerror(ENOTDIR)))
            }
            guard error == EEXIST, status.st_mode & S_IFMT == S_IFDIR else {
                throw SpotlightError(.io, "cannot create the directory \(made); check that its parent is a "
                    + "writable directory", underlying: String(cString: strerror(error)))
            }
        }
    }

    /// Removes group and other permissions from `path` and everything below it: directories
    /// become 0700, files (and sockets) 0600. Symbolic links are neither followed nor changed.
    /// Entries that already have no group or other permission are left alone.
    ///
    /// - Returns: what was changed, in the order it was changed.
    @discardableResult
    public static func tighten(_ path: String) -> [ModeChange] {
        var changes: [ModeChange] = []
        tighten(path, into: &changes)
        return changes
    }

    private static func tighten(_ path: String, into changes: inout [ModeChange]) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        let type = status.st_mode & S_IFMT
        let isDirectory = type == S_IFDIR
        guard isDirectory || type == S_IFREG || type == S_IFSOCK else { return }
        let mode = status.st_mode & 0o7777
        if mode & 0o077 != 0 {
            let wanted = isDirectory ? directoryMode : fileMode
            if chmod(path, wanted) == 0 { changes.append(ModeChange(path: path, from: mode, to: wanted)) }
        }
        guard isDirectory, let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names.sorted() { tighten(path + "/" + name, into: &changes) }
    }

    /// Entries at or below `path` that group or others may read, write or enter, with their
    /// modes (symbolic links excepted); empty when everything is private.
    public static func looseEntries(_ path: String) -> [(path: String, mode: mode_t)] {
        var found: [(path: String, mode: mode_t)] = []
        func visit(_ path: String) {
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFLNK else { return }
            if status.st_mode & 0o077 != 0 { found.append((path, status.st_mode & 0o7777)) }
            guard status.st_mode & S_IFMT == S_IFDIR,
                  let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
            for name in names.sorted() { visit(path + "/" + name) }
        }
        visit(path)
        return found
    }
}
