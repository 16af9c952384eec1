/// Splits a byte stream into newline-delimited frames (one JSON-RPC message per line).
///
/// Feed it bytes as they arrive; it returns every completed frame without its line
/// terminator (`\n` or `\r\n`) and skips empty lines. The size limit is checked before
/// anything more is buffered: a frame longer than `maxFrameBytes` is an error as soon as
/// its bytes exceed the limit, even before its newline arrives.
///
/// ```swift
/// var framer = LineFramer(maxFrameBytes: 1024)
/// let frames = try framer.feed(Array("{\"a\":1}\n{\"b\"".utf8))  // one frame: {"a":1}
/// let more = try framer.feed(Array(":2}\r\n".utf8))              // one frame: {"b":2}
/// ```
public struct LineFramer: Sendable {
    /// A frame went over the limit; the stream cannot be resynchronised, so close it.
    public struct FrameTooLarge: Error, Hashable, Sendable, CustomStringConvertible {
        /// The limit in bytes, line terminator excluded.
        public var limit: Int
        public var description: String {
            "a frame exceeds the limit of \(limit) bytes; send smaller messages (one JSON message per line)"
        }
    }

    /// The largest frame accepted, in bytes, line terminator excluded. Default 16 MiB.
    public let maxFrameBytes: Int
    /// The bytes of the frame not yet terminated.
    private var partial: [UInt8] = []

    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    public static let defaultMaxFrameBytes = 16 << 20

    public init(maxFrameBytes: Int = LineFramer.defaultMaxFrameBytes) {
        precondition(maxFrameBytes > 0, "maxFrameBytes must be positive")
        self.maxFrameBytes = maxFrameBytes
    }

    /// True while bytes of an unterminated frame are buffered.
    public var hasPartialFrame: Bool { !partial.isEmpty }

    /// Appends `bytes` and returns the frames they complete, in order.
    /// - Throws: `FrameTooLarge` when a frame exceeds `maxFrameBytes`; the framer must not be fed again.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(FrameTooLarge) -> [[UInt8]] {
        var frames: [[UInt8]] = []
        var start = 0
        while start < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[start...])
            guard let newlineOffset = rest.firstIndex(of: Self.newline) else {
                try checkRoom(adding: rest)
                partial.append(contentsOf: rest)
                break
            }
            let line = UnsafeRawBufferPointer(rebasing: rest[..<newlineOffset])
            var frame: [UInt8]
            if partial.isEmpty {
                frame = Array(line)
            } else {
                frame = partial
                frame.append(contentsOf: line)
                partial = []
            }
            if frame.last == Self.carriageReturn { frame.removeLast() }
            guard frame.count <= maxFrameBytes else { throw FrameTooLarge(limit: maxFrameBytes) }
            if !frame.isEmpty { frames.append(frame) }
            start += newlineOffset + 1
        }
        return frames
    }

    /// Appends `bytes` and returns the frames they complete, in order.
    public mutating func feed(_ bytes: [UInt8]) throws(FrameTooLarge) -> [[UInt8]] {
        var framer = self
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(FrameTooLarge) in try framer.feed(raw) }
        }
        self = framer
        return try result.get()
    }

    /// At end of stream: the last frame if it had no newline, else nil. Resets the framer.
    public mutating func finish() -> [UInt8]? {
        defer { partial = [] }
        var frame = partial
        if frame.last == Self.carriageReturn { frame.removeLast() }
        return frame.isEmpty ? nil : frame
    }

    /// Throws before buffering if `rest` would take the unterminated frame over the limit.
    /// One byte past the limit is allowed only for a trailing `\r` that may start a `\r\n`.
    private func checkRoom(adding rest: UnsafeRawBufferPointer) throws(FrameTooLarge) {
        let total = partial.count + rest.count
        if total <= maxFrameBytes { return }
        if total == maxFrameBytes + 1, rest.last == Self.carriageReturn { return }
        throw FrameTooLarge(limit: maxFrameBytes)
    }
}
