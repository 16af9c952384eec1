#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel

/// fsyncs the directory at `path`, so a rename, a new file or a commit's new files inside it
/// survive a crash (a file's own fsync does not cover its directory entry). The one place
/// spotlightd syncs a directory: the index after each commit, the data directory after the
/// index link is swapped or a store replaced.
///
/// ```swift
/// try fsyncDirectory(dataDirectory)   // after renaming index.new over index
/// ```
/// - Throws: `SpotlightError` `.io` naming the directory and the system's reason.
func fsyncDirectory(_ path: String) throws(SpotlightError) {
    var fd: Int32
    repeat { fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) } while fd < 0 && errno == EINTR
    guard fd >= 0 else {
        throw SpotlightError(.io, "cannot open directory \(path) to sync it; check that it exists and is readable",
                             underlying: String(cString: strerror(errno)))
    }
    defer { close(fd) }
    var result: Int32
    repeat { result = fsync(fd) } while result < 0 && errno == EINTR
    guard result == 0 else {
        throw SpotlightError(.io, "cannot sync directory \(path); the disk may be failing or full",
                             underlying: String(cString: strerror(errno)))
    }
}
