/// One non-blocking socket's bytes in (split into frames) and out (a queue of encoded
/// lines). Not thread-safe: owned by the single event-loop thread that polls it.
struct FramedSocket {
    enum ReadResult {
        /// Frames completed by this read (possibly none).
        case frames([[UInt8]])
        /// The peer closed its writing side; `lastFrame` is an unterminated final frame.
        case endOfStream(lastFrame: [UInt8]?)
        /// Nothing to read right now.
        case wouldBlock
    }

    let fd: Int32
    private var framer: LineFramer
    /// Bytes queued for sending; those before `outboundStart` are already sent.
    private var outbound: [UInt8] = []
    private var outboundStart = 0

    init(fd: Int32, maxFrameBytes: Int) {
        self.fd = fd
        self.framer = LineFramer(maxFrameBytes: maxFrameBytes)
    }

    var hasPartialFrame: Bool { framer.hasPartialFrame }
    var pendingOutboundBytes: Int { outbound.count - outboundStart }

    /// One read of up to `scratch.count` bytes.
    /// - Throws: `LineFramer.FrameTooLarge` or `SystemCallError`.
    mutating func read(into scratch: UnsafeMutableRawBufferPointer) throws -> ReadResult {
        guard let count = try UnixSocket.read(fd, into: scratch) else { return .wouldBlock }
        if count == 0 { return .endOfStream(lastFrame: framer.finish()) }
        return .frames(try framer.feed(UnsafeRawBufferPointer(rebasing: scratch[..<count])))
    }

    mutating func enqueue(_ bytes: [UInt8]) {
        outbound.append(contentsOf: bytes)
    }

    /// Sends queued bytes until done or the socket is full.
    mutating func flush() throws(SystemCallError) {
        while outboundStart < outbound.count {
            let start = outboundStart
            let attempt = outbound.withUnsafeBytes { raw in
                Result { () throws(SystemCallError) in try UnixSocket.send(fd, UnsafeRawBufferPointer(rebasing: raw[start...])) }
            }
            guard let sent = try attempt.get() else { break }
            outboundStart += sent
        }
        if outboundStart == outbound.count {
            outbound.removeAll(keepingCapacity: outbound.capacity <= 1 << 20)
            outboundStart = 0
        } else if outboundStart > 1 << 20, outboundStart * 2 > outbound.count {
            outbound.removeFirst(outboundStart)
            outboundStart = 0
        }
    }
}
