internal import CSystemdBus

/// A D-Bus value to send or one received, with its signature: what the provider's methods
/// take and return. Only the types the two search interfaces use.
///
/// ```swift
/// BusValue.array(of: "s", ["a", "b"].map(BusValue.string))            // as
/// BusValue.dictionary(["name": .variant(.string("Launch"))])           // a{sv}
/// ```
indirect enum BusValue: Sendable, Equatable {
    case string(String)
    case uint32(UInt32)
    case int32(Int32)
    case double(Double)
    case bool(Bool)
    /// Elements all of `element`'s signature (given, so an empty array still has a type).
    case array(element: String, [BusValue])
    case structure([BusValue])
    /// `a{s<value>}`: string keys, values of one signature.
    case dictionary(value: String, [DictionaryEntry])
    case variant(BusValue)

    struct DictionaryEntry: Sendable, Equatable {
        let key: String
        let value: BusValue
    }

    static func array(of element: String, _ values: [BusValue]) -> BusValue { .array(element: element, values) }
    static func strings(_ values: [String]) -> BusValue { .array(element: "s", values.map(BusValue.string)) }

    /// `a{sv}` from pairs in order.
    static func variantDictionary(_ pairs: [(String, BusValue)]) -> BusValue {
        .dictionary(value: "v", pairs.map { DictionaryEntry(key: $0.0, value: .variant($0.1)) })
    }

    var signature: String {
        switch self {
        case .string: return "s"
        case .uint32: return "u"
        case .int32: return "i"
        case .double: return "d"
        case .bool: return "b"
        case .array(let element, _): return "a" + element
        case .structure(let fields): return "(" + fields.map(\.signature).joined() + ")"
        case .dictionary(let value, _): return "a{s" + value + "}"
        case .variant: return "v"
        }
    }

    var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }

    var stringsValue: [String]? {
        guard case .array(_, let elements) = self else { return nil }
        let strings = elements.compactMap(\.stringValue)
        return strings.count == elements.count ? strings : nil
    }

    /// Appends the value to a message being built.
    func append(to message: OpaquePointer) throws(BusError) {
        switch self {
        case .string(let text):
            let result = text.withCString { sd_bus_message_append_basic(message, CChar(UInt8(ascii: "s")), $0) }
            try busCheck("sd_bus_message_append_basic(s)", result)
        case .uint32(var n):
            try busCall("sd_bus_message_append_basic(u)") { sd_bus_message_append_basic(message, CChar(UInt8(ascii: "u")), &n) }
        case .int32(var n):
            try busCall("sd_bus_message_append_basic(i)") { sd_bus_message_append_basic(message, CChar(UInt8(ascii: "i")), &n) }
        case .double(var d):
            try busCall("sd_bus_message_append_basic(d)") { sd_bus_message_append_basic(message, CChar(UInt8(ascii: "d")), &d) }
        case .bool(let b):
            var n: Int32 = b ? 1 : 0
            try busCall("sd_bus_message_append_basic(b)") { sd_bus_message_append_basic(message, CChar(UInt8(ascii: "b")), &n) }
        case .array(let element, let values):
            try container(message, "a", element) { () throws(BusError) in for v in values { try v.append(to: message) } }
        case .structure(let fields):
            try container(message, "r", fields.map(\.signature).joined()) { () throws(BusError) in
                for f in fields { try f.append(to: message) }
            }
        case .dictionary(let value, let entries):
            try container(message, "a", "{s" + value + "}") { () throws(BusError) in
                for entry in entries {
                    try container(message, "e", "s" + value) { () throws(BusError) in
                        try BusValue.string(entry.key).append(to: message)
                        try entry.value.append(to: message)
                    }
                }
            }
        case .variant(let inner):
            try container(message, "v", inner.signature) { () throws(BusError) in try inner.append(to: message) }
        }
    }

    private func container(_ message: OpaquePointer, _ type: Character, _ contents: String,
                           _ body: () throws(BusError) -> Void) throws(BusError) {
        let code = CChar(UInt8(ascii: type.unicodeScalars.first!))
        let opened = contents.withCString { sd_bus_message_open_container(message, code, $0) }
        try busCheck("sd_bus_message_open_container(\(type))", opened)
        try body()
        try busCall("sd_bus_message_close_container") { sd_bus_message_close_container(message) }
    }
}
