import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A listening Unix socket at `path` (unlinked first) with room for `backlog` connections
/// waiting to be accepted; -1 if it could not be made. For tests that stand a server of their
/// own below a client.
func unixListener(at path: String, backlog: Int32) -> Int32 {
    unlink(path)
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return -1 }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard bound == 0, listen(fd, backlog) == 0 else {
        close(fd)
        return -1
    }
    return fd
}
