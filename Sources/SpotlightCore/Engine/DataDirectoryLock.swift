import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel

/// The single-instance lock of a data directory: an `flock` on `<dir>/lock`, held for the
/// life of the process, with the holder's pid written inside so a second one can name it.
final class DataDirectoryLock {
    let path: String
    private var fd: Int32

    /// Takes the lock or fails fast with `.locked`, naming the holder's pid.
    init(directory: String) throws {
        path = directory + "/lock"
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw SpotlightError(.io, "cannot open the lock file \(path)", underlying: String(cString: strerror(errno)))
        }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let err = errno
            let holder = (try? String(contentsOfFile: path, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            close(fd)
            fd = -1
            if err == EWOULDBLOCK {
                let who = holder.isEmpty ? "another process" : "pid \(holder)"
                throw SpotlightError(.locked,
                    "the data directory \(directory) is in use by \(who) (is another spotlightd running on it? stop it or use another --data-dir)")
            }
            throw SpotlightError(.io, "cannot lock \(path)", underlying: String(cString: strerror(err)))
        }
        let pid = "\(getpid())\n"
        _ = ftruncate(fd, 0)
        _ = pid.withCString { pwrite(fd, $0, strlen($0), 0) }
    }

    func release() {
        guard fd >= 0 else { return }
        close(fd)  // closing drops the flock
        fd = -1
    }

    deinit { release() }
}
