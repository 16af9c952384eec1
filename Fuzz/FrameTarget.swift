// libFuzzer target: the frame parser (LineFramer). Built by tools/fuzz, not by `swift build`.
// Invariants: no frame holds a newline, none is longer than the limit, none is empty.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrames(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limit = 64
    var framer = LineFramer(maxFrameBytes: limit)
    // Feed in chunks whose sizes come from the input itself, as a socket would deliver them.
    var offset = 0
    var frames: [[UInt8]] = []
    do {
        while offset < bytes.count {
            let chunk = 1 + Int(bytes[offset]) % 17
            let end = min(bytes.count, offset + chunk)
            frames += try framer.feed(Array(bytes[offset..<end]))
            offset = end
        }
        if let last = framer.finish() { frames.append(last) }
    } catch {
        return 0
    }
    for frame in frames {
        precondition(!frame.contains(10), "a frame holds a newline")
        precondition(frame.count <= limit, "a frame is over the limit")
        precondition(!frame.isEmpty, "an empty frame")
    }
    return 0
}
