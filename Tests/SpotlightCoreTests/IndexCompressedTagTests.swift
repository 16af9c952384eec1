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

    /// Writes 40 records of 400 words each into a bulk part in `t`'s directory; returns the
    /// size of the part's termlist table in bytes.
    private func termlistBytes(ofPart data: DocumentData.Mode, in t: TempIndex) throws -> Int {
        let path = t.directory.appendingPathComponent("part-\(data)").path
        let part = try IndexPart(path: path, data: data, languages: LanguageSettings())
        let changes = (0..<40).map { n in
            let words = (0..<400).map { "word\($0 * 40 + n)" }.joined(separator: " ")
            let record = Record(bundle: "b", type: "T", id: "\(n)", title: "a part", subtitle: words)
            return StoreChange(sequence: UInt64(n + 1), key: record.key, record: record, donated: nil)
        }
        try part.apply(changes, slots: PropertySlots())
        try part.finish()
        #expect(try SearchIndex.check(path: path) == [])
        let size = try FileManager.default.attributesOfItem(atPath: path + "/termlist.glass")[.size] as? Int
        return size ?? 0
    }

    /// A bulk part that holds keys only has libxapian store its tags uncompressed (read back
    /// by the check); a part whose documents hold their records (a shard's) compresses them.
    @Test func aKeysOnlyBulkPartStoresItsTermlistsUncompressed() throws {
        let t = try TempIndex()
        let plain = XapianDeflateTuning.plainStreams
        let keysOnly = try termlistBytes(ofPart: .key, in: t)
        #expect(XapianDeflateTuning.plainStreams > plain)
        let withRecords = try termlistBytes(ofPart: .record, in: t)
        #expect(keysOnly > withRecords * 3 / 2, "termlists: \(keysOnly) bytes plain, \(withRecords) compressed")
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
