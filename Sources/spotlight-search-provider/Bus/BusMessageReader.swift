#if canImport(Glibc)
import Glibc
#endif
internal import CSystemdBus

/// Reads a received message's body into ``BusValue``s, by the types the message carries.
/// Only the basic types and arrays the search interfaces take; anything else is an error the
/// caller turns into `InvalidArgs`.
enum BusMessageReader {
    static func values(of message: OpaquePointer) throws(BusError) -> [BusValue] {
        var values: [BusValue] = []
        while let value = try next(message) { values.append(value) }
        return values
    }

    /// The next value, or nil at the end of the current container.
    private static func next(_ message: OpaquePointer) throws(BusError) -> BusValue? {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        let more = try busCall("sd_bus_message_peek_type") { sd_bus_message_peek_type(message, &type, &contents) }
        if more == 0 { return nil }
        switch UInt8(bitPattern: type) {
        case UInt8(ascii: "s"), UInt8(ascii: "o"), UInt8(ascii: "g"):
            var text: UnsafePointer<CChar>?
            try busCall("sd_bus_message_read_basic(s)") { sd_bus_message_read_basic(message, type, &text) }
            return .string(text.map { String(cString: $0) } ?? "")
        case UInt8(ascii: "u"): return .uint32(try basic(message, type, UInt32(0)))
        case UInt8(ascii: "i"): return .int32(try basic(message, type, Int32(0)))
        case UInt8(ascii: "d"): return .double(try basic(message, type, Double(0)))
        case UInt8(ascii: "b"): return .bool(try basic(message, type, Int32(0)) != 0)
        case UInt8(ascii: "a"):
            let element = contents.map { String(cString: $0) } ?? ""
            try busCall("sd_bus_message_enter_container(a)") { sd_bus_message_enter_container(message, type, contents) }
            var elements: [BusValue] = []
            while let value = try next(message) { elements.append(value) }
            try busCall("sd_bus_message_exit_container") { sd_bus_message_exit_container(message) }
            return .array(element: element, elements)
        default:
            throw BusError(call: "reading a '\(Character(UnicodeScalar(UInt8(bitPattern: type))))' argument", errno: EINVAL)
        }
    }

    /// One fixed-size value (sd-bus reads a `b` into an `int`).
    private static func basic<T: BitwiseCopyable>(_ message: OpaquePointer, _ type: CChar, _ initial: T) throws(BusError) -> T {
        var value = initial
        try busCall("sd_bus_message_read_basic") { sd_bus_message_read_basic(message, type, &value) }
        return value
    }
}
