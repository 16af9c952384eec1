#if canImport(Glibc)
import Glibc
#endif

/// A failed sd-bus call: the call's name and the errno it returned (sd-bus returns `-errno`).
struct BusError: Error, CustomStringConvertible {
    let call: String
    let errno: Int32

    var description: String { "\(call) failed: \(String(cString: strerror(errno))) (errno \(errno))" }

    /// The session bus went away (logout, `dbus-run-session` ended): a normal end, not a failure.
    var isDisconnect: Bool { [ECONNRESET, ENOTCONN, EPIPE, ESHUTDOWN].contains(errno) }
}

/// Every sd-bus call goes through here: a negative result becomes a ``BusError`` carrying the
/// call's name; `EINTR` is retried.
///
/// ```swift
/// try busCall("sd_bus_request_name") { sd_bus_request_name(bus, name, 0) }
/// ```
@discardableResult
func busCall(_ name: String, _ body: () -> Int32) throws(BusError) -> Int32 {
    while true {
        let result = body()
        if result >= 0 { return result }
        if -result == EINTR { continue }
        throw BusError(call: name, errno: -result)
    }
}

/// ``busCall(_:_:)`` for a result already in hand (a call made inside `withCString`).
@discardableResult
func busCheck(_ name: String, _ result: Int32) throws(BusError) -> Int32 {
    guard result < 0 else { return result }
    throw BusError(call: name, errno: -result)
}
