import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// libxapian 1.4 cannot read back some compressed tags it wrote (a tag whose last chunk
/// inflates past 8 KiB, e.g. a document's data of 8193 "a"s: "Too few chunks of compressed
/// data"); CXapian works around it (docs/hardening.md). tools/xapian-bug-check shows the
/// bug in libxapian alone.
@Suite struct IndexCompressedTagTests {
    @Test func theInflateWorkaroundServesLibxapianInThisProcess() {
        #expect(XapianInflateWorkaround.isInstalled)
        #expect(XapianInflateWorkaround.missingWarning == nil)
    }

    /// libxapian's termlists are compressed with CXapian's cheaper deflate settings, and read back.
    @Test func libxapianTagsAreCompressedWithTheTunedSettingsAndReadBack() throws {
        #expect(XapianDeflateTuning.isInstalled)
        let t = try TempIndex()
        let tuned = XapianDeflateTuning.tunedStreams
        let words = (0..<400).map { "word\($0)" }.joined(separator: " ")
        try t.index.replace([Record(bundle: "b", type: "T", id: "1", title: "tuned deflate", subtitle: words)])
        try t.index.commit(lastAppliedSequence: 1)
        #expect(XapianDeflateTuning.tunedStreams > tuned)
        #expect(try SearchIndex.check(path: t.path) == [])
        #expect(try t.index.search(SearchQuery(text: "word399"), now: Date()).hits.map(\.record.id) == ["1"])
    }

    /// Document data of one letter repeated compresses about 300:1 (a chunk inflates far past
    /// 8 KiB); for 8193, 8194 and 8227... of these lengths stock libxapian reads it back as
    /// "Too few chunks of compressed data". Xapian's check reads every tag.
    @Test(arguments: [UInt8(ascii: "a"), UInt8(ascii: "{")])
    func documentDataThatInflatesPastEightKiBReadsBack(byte: UInt8) throws {
        let lengths = 8150..<8400
        let t = try TempIndex()
        let served = XapianInflateWorkaround.servedCalls
        for length in lengths {
            let document = try XapianDocument()
            try document.setData(Data(repeating: byte, count: length))
            try document.addBooleanTerm("Qdata\(length)")
            try t.index.handle.replaceDocument(uniqueTerm: "Qdata\(length)", document)
        }
        try t.index.commit(lastAppliedSequence: 1)
        #expect(try SearchIndex.check(path: t.path) == [])
        #expect(try t.index.documentCount() == lengths.count)
        #expect(XapianInflateWorkaround.servedCalls > served)
    }
}
