import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel
import SpotlightProtocol
import SpotlightWire

/// Calls an app with a blocking call on a connection of its own, for the synchronous parts of
/// the API (the `XCUIApplication` analog, reading a property of a referenced entity), which
/// must not wait on the cooperative pool.
enum BlockingAppCall {
    /// The lines the app at `socketPath` shows. - Throws: `SpotlightError` (`.unavailable`, `.timeout`, the app's).
    static func lines(socketPath: String, timeout: Duration) throws -> [String] {
        try call("screen", nil, socketPath: socketPath, timeout: timeout).decode(ScreenResult.self).lines
    }

    /// One call of the app service at `socketPath`, its result.
    /// - Throws: `SpotlightError` (`.unavailable`, `.timeout`, the app's).
    static func call(_ method: String, _ params: JSONValue?, socketPath: String, timeout: Duration) throws -> JSONValue {
        let fd = try connect(socketPath, timeout: timeout)
        defer { close(fd) }
        let request = try RPCMessage.request(RPCRequest(id: .number(1), method: method, params: params)).encodedLine()
        let sent = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == request.count else {
            throw SpotlightError(.unavailable, "cannot send to the app at \(socketPath)", underlying: String(cString: strerror(errno)))
        }
        var frame: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !frame.contains(UInt8(ascii: "\n")) {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                throw SpotlightError(n == 0 ? .unavailable : .timeout, "no answer to \(method) from the app at \(socketPath)")
            }
            frame.append(contentsOf: buffer[0..<n])
        }
        guard case .success(.response(let response)) = RPCMessage.decode(frame: Array(frame.prefix { $0 != 10 })) else {
            throw SpotlightError(.internal, "the app at \(socketPath) answered \(method) with something that is not a response")
        }
        return try response.outcome.mapError(\.spotlightError).get()
    }

    private static func connect(_ path: String, timeout: Duration) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SpotlightError(.io, "cannot create a socket") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            throw SpotlightError(.invalidInput, "the socket path \(path) is too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        var limit = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
        if limit.tv_sec == 0 { limit.tv_sec = 1 }
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard status == 0 else {
            close(fd)
            throw SpotlightError(.unavailable, "the app is not serving on \(path)")
        }
        return fd
    }
}
