import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel
import Synchronization

/// The single-instance lock of a data directory: an `flock` on `<dir>/lock`, held for the
/// life of the process, with the holder's pid written inside so a second one can name it.
///
/// An `flock` belongs to the open file, and a child being spawned shares it until its `exec`
/// closes the descriptor. So a lock this process released can still be held for a moment by
/// a child it was starting meanwhile: a lock whose holder is this process, but which no
/// engine of this process holds, is waited for (up to ``inheritedWait``). A second engine on
/// a directory this process holds fails at once, as one in another process does.
final class DataDirectoryLock {
    let path: String
    private var fd: Int32
    private var file: FileID?

    /// The longest an engine waits for a lock held only by a child this process started.
    static let inheritedWait: Duration = .seconds(2)

    /// The lock files engines of this process hold (device and inode).
    private static let held = Mutex<Set<FileID>>([])

    private struct FileID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// Takes the lock or fails with `.locked`, naming the holder's pid.
    init(directory: String) throws {
        path = directory + "/lock"
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw SpotlightError(.io, "cannot open the lock file \(path)", underlying: String(cString: strerror(errno)))
        }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw SpotlightError(.io, "cannot read the lock file \(path)", underlying: reason)
        }
        let id = FileID(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        let deadline = ContinuousClock.now + Self.inheritedWait
        while true {
            let (err, ours) = Self.held.withLock { held -> (Int32, Bool) in
                if held.contains(id) { return (EWOULDBLOCK, true) }
                guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return (errno, false) }
                held.insert(id)
                return (0, false)
            }
            if err == 0 { break }
            let holder = (try? String(contentsOfFile: path, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            // This process wrote the pid and no engine of it holds the lock: a child it was
            // starting shares the lock until its exec, so wait for that.
            let inherited = err == EWOULDBLOCK && !ours && holder == "\(getpid())"
            if inherited && ContinuousClock.now < deadline {
                usleep(5_000)
                continue
            }
            close(fd)
            fd = -1
            guard err == EWOULDBLOCK else {
                throw SpotlightError(.io, "cannot lock \(path)", underlying: String(cString: strerror(err)))
            }
            if inherited {
                throw SpotlightError(.locked, "the data directory \(directory) is still locked through a process that "
                    + "pid \(holder) (this one) started and that inherited the lock; it is released when that "
                    + "process runs another program or exits")
            }
            let who = holder.isEmpty ? "another process" : "pid \(holder)"
            throw SpotlightError(.locked,
                "the data directory \(directory) is in use by \(who) (is another spotlightd running on it? stop it or use another --data-dir)")
        }
        file = id
        let pid = "\(getpid())\n"
        _ = ftruncate(fd, 0)
        _ = pid.withCString { pwrite(fd, $0, strlen($0), 0) }
    }

    func release() {
        guard fd >= 0 else { return }
        Self.held.withLock { held in
            if let file { held.remove(file) }
            close(fd)  // closing drops the flock
        }
        fd = -1
    }

    deinit { release() }
}
