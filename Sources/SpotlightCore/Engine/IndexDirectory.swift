import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel

/// Where the search index lives inside a data directory, and how a rebuilt index is swapped
/// in atomically.
///
/// Layout: `<data>/index` is a symbolic link to the active generation `<data>/index.<n>`.
/// A rebuild writes `index.<n+1>`, then renames a fresh link over `index` (atomic), so a
/// reader opens either the old or the new database, never a half-built one. A generation
/// found corrupt is renamed `index.<n>.corrupt-<time>` and kept for inspection, with a
/// `corruption.json` saying which table and revision; only the newest two are kept.
struct IndexDirectory {
    let dataDirectory: String
    var linkPath: String { dataDirectory + "/index" }

    /// The path of the active generation, or nil when there is none yet.
    func activePath() -> String? {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: linkPath) else {
            return nil
        }
        return target.hasPrefix("/") ? target : dataDirectory + "/" + target
    }

    /// The generation number of the active index (0 when none).
    func activeGeneration() -> Int {
        guard let path = activePath(), let dot = path.lastIndex(of: ".") else { return 0 }
        return Int(path[path.index(after: dot)...]) ?? 0
    }

    /// Creates the next generation's directory, empty, and returns its path: created, so a
    /// rebuild and a bulk catch-up building at once never pick the same one.
    ///
    /// - Throws: `.io` when the directory cannot be created.
    func reserveNextGeneration() throws -> String {
        var n = activeGeneration() + 1
        while true {
            let path = "\(dataDirectory)/index.\(n)"
            if mkdir(path, 0o755) == 0 { return path }
            guard errno == EEXIST else {
                throw SpotlightError(.io, "cannot create the index generation \(path)", underlying: String(cString: strerror(errno)))
            }
            n += 1
        }
    }

    /// Points `index` at `path` atomically (symlink + rename + directory fsync).
    func activate(_ path: String) throws {
        let name = (path as NSString).lastPathComponent
        let tmp = linkPath + ".swap"
        unlink(tmp)
        guard symlink(name, tmp) == 0 else {
            throw SpotlightError(.io, "cannot create the index link \(tmp)", underlying: String(cString: strerror(errno)))
        }
        guard rename(tmp, linkPath) == 0 else {
            throw SpotlightError(.io, "cannot switch the index link \(linkPath)", underlying: String(cString: strerror(errno)))
        }
        try fsyncDirectory(dataDirectory)
    }

    /// The index of a store that was lost, kept aside as `<path>.lost-store-<time>` (its
    /// documents hold the lost records' JSON); never removed by the corrupt-copy limit.
    func keepIndexOfLostStore(_ path: String) throws -> String {
        try moveAside(path, suffix: "lost-store")
    }

    /// Renames the generation at `path` to `<path>.<suffix>-<time>` and returns that path.
    func moveAside(_ path: String, suffix: String) throws -> String {
        let stamp = Int(Date().timeIntervalSince1970)
        var dest = "\(path).\(suffix)-\(stamp)"
        var n = 1
        while FileManager.default.fileExists(atPath: dest) {
            n += 1
            dest = "\(path).\(suffix)-\(stamp)-\(n)"
        }
        try renameAside(path, to: dest, what: suffix == "corrupt" ? "the damaged index" : "the index of the lost store")
        return dest
    }

    /// Removes index generations other than the active one (old ones left by a rebuild or crash)
    /// and the parts of bulk builds (`index.<n>.parts`), keeping the ones moved aside as corrupt.
    /// Call it only when no rebuild, compaction or bulk catch-up is building a generation.
    func removeStaleGenerations() {
        let active = activePath().map { ($0 as NSString).lastPathComponent }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dataDirectory)) ?? []
        for name in names where name.hasPrefix("index.") && !name.contains("corrupt") && name != active {
            var number = name.dropFirst("index.".count)
            if number.hasSuffix(BulkBuild.scratchSuffix) { number = number.dropLast(BulkBuild.scratchSuffix.count) }
            if Int(number) != nil {
                try? FileManager.default.removeItem(atPath: dataDirectory + "/" + name)
            }
        }
    }
}

/// Total size in bytes of the files under `path` (and of its subdirectories' entries, as
/// `lstat` gives them; symbolic links are not followed). 0 when `path` cannot be read.
///
/// With `opendir` and `fstatat`, not FileManager: its `attributesOfItem` looks up each file's
/// owner and group names, opening /etc/passwd and /etc/group every time, which was four fifths
/// of spotlightd's `status` (0.5 ms), a call scripts and the benchmark poll.
func directorySize(_ path: String) -> Int64 {
    guard let directory = opendir(path) else { return 0 }
    defer { closedir(directory) }
    let fd = dirfd(directory)
    var total: Int64 = 0
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
        }
        guard name != ".", name != ".." else { continue }
        var info = stat()
        guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
        total += Int64(info.st_size)
        if (info.st_mode & S_IFMT) == S_IFDIR { total += directorySize(path + "/" + name) }
    }
    return total
}
