/// Picks out, on the server's loop thread and before any parsing, the frames that are requests
/// of a handler's ``RPCHandler/controlMethods``, so they can be answered on a thread that never
/// waits behind CPU-bound requests. The test is one bounded byte search, no allocation or lock: frames
/// longer than ``maxBytes`` (donations, large `get`s) are never looked into, and a frame that
/// writes the member another way (`"method": "hello"`, with a space) simply takes the usual path.
///
/// ```swift
/// let control = ControlFrames(["hello", "status"])
/// control.matches(Array(#"{"jsonrpc":"2.0","id":1,"method":"hello"}"#.utf8))   // true
/// ```
struct ControlFrames: Sendable {
    /// The longest frame looked into: a control request is short.
    static let maxBytes = 1024

    let methods: Set<String>
    private let names: [[UInt8]]
    private let marker = Array(#""method":""#.utf8)

    init(_ methods: Set<String>) {
        self.methods = methods
        names = methods.map { Array($0.utf8) }
    }

    /// Whether the first `"method":"` member of `frame` names one of the methods. A nested member
    /// of that name can match too; the control path checks the parsed method (``isControl(_:)``).
    func matches(_ frame: [UInt8]) -> Bool {
        guard !names.isEmpty, frame.count <= Self.maxBytes else { return false }
        return frame.withUnsafeBytes { raw in
            guard let hit = Self.firstIndex(of: marker, in: raw) else { return false }
            let rest = UnsafeRawBufferPointer(rebasing: raw[(hit + marker.count)...])
            return names.contains { name in
                rest.count > name.count && rest[name.count] == UInt8(ascii: "\"") && rest.starts(with: name)
            }
        }
    }

    /// Where `pattern` first starts in `bytes` (both short: a frame of at most ``maxBytes``).
    private static func firstIndex(of pattern: [UInt8], in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
        var index = 0
        while index <= bytes.count - pattern.count {
            if bytes[index] == first, UnsafeRawBufferPointer(rebasing: bytes[index...]).starts(with: pattern) { return index }
            index += 1
        }
        return nil
    }

    /// Whether `message` is a request of one of the methods (not a notification: that has no
    /// answer to hurry).
    func isControl(_ message: RPCMessage) -> Bool {
        guard case .request(let request) = message else { return false }
        return methods.contains(request.method)
    }
}
