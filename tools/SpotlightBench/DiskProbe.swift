import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The latency of the durable write every acknowledgement waits for: `count` appends of
/// 4 KiB to a scratch file in `directory`, each followed by fdatasync. Sorted, in ms.
/// The acknowledgement figures cannot beat this disk's figure.
func fdatasyncLatencies(directory: String, count: Int = 200) throws -> [Double] {
    let path = directory + "/fdatasync-probe"
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer {
        close(fd)
        unlink(path)
    }
    let block = [UInt8](repeating: 0x2e, count: 4096)
    let clock = ContinuousClock()
    var times: [Double] = []
    for _ in 0..<count {
        _ = block.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let start = clock.now
        fdatasync(fd)
        times.append((clock.now - start).milliseconds)
    }
    return times.sorted()
}
