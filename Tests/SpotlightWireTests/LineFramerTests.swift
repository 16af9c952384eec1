import Testing
@testable import SpotlightWire

private func text(_ frames: [[UInt8]]) -> [String] {
    frames.map { String(decoding: $0, as: UTF8.self) }
}

@Test func aFrameSplitAcrossReadsIsJoined() throws {
    var framer = LineFramer()
    #expect(try framer.feed(Array("{\"a\":".utf8)).isEmpty)
    #expect(framer.hasPartialFrame)
    #expect(try text(framer.feed(Array("1}\n".utf8))) == ["{\"a\":1}"])
    #expect(!framer.hasPartialFrame)
}

@Test func manyFramesInOneReadComeOutInOrder() throws {
    var framer = LineFramer()
    let frames = try framer.feed(Array("1\n2\n3\n4".utf8))
    #expect(text(frames) == ["1", "2", "3"])
    #expect(try text(framer.feed(Array("\n".utf8))) == ["4"])
}

@Test func emptyLinesAreIgnored() throws {
    var framer = LineFramer()
    #expect(try text(framer.feed(Array("\n\r\n1\n\n\n2\n".utf8))) == ["1", "2"])
}

@Test func carriageReturnLineFeedEndsAFrame() throws {
    var framer = LineFramer()
    #expect(try text(framer.feed(Array("a\r\nb\r".utf8))) == ["a"])
    #expect(try text(framer.feed(Array("\nc\r\n".utf8))) == ["b", "c"])
}

@Test(arguments: ["\n", "\r\n"])
func aFrameExactlyAtTheLimitIsAccepted(terminator: String) throws {
    var framer = LineFramer(maxFrameBytes: 8)
    #expect(try text(framer.feed(Array("12345678\(terminator)".utf8))) == ["12345678"])
}

@Test func aFrameExactlyAtTheLimitSplitBeforeItsCarriageReturnIsAccepted() throws {
    var framer = LineFramer(maxFrameBytes: 4)
    #expect(try framer.feed(Array("1234\r".utf8)).isEmpty)
    #expect(try text(framer.feed(Array("\n".utf8))) == ["1234"])
}

@Test func aFrameOnePastTheLimitIsRefused() {
    var framer = LineFramer(maxFrameBytes: 8)
    #expect(throws: LineFramer.FrameTooLarge(limit: 8)) { try framer.feed(Array("123456789\n".utf8)) }
}

@Test func anOversizedFrameIsRefusedBeforeItsNewlineArrives() throws {
    var framer = LineFramer(maxFrameBytes: 8)
    #expect(try framer.feed(Array("12345".utf8)).isEmpty)
    #expect(throws: LineFramer.FrameTooLarge.self) { try framer.feed(Array("6789".utf8)) }
}

@Test func finishReturnsAnUnterminatedLastFrame() throws {
    var framer = LineFramer()
    _ = try framer.feed(Array("1\n{\"x\":2}".utf8))
    #expect(framer.finish().map { String(decoding: $0, as: UTF8.self) } == "{\"x\":2}")
    #expect(framer.finish() == nil)
}
