import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// Field terms (title, keywords, properties) are indexed without positions; a phrase in a
/// field is matched on the free text, which holds every word once with positions.
@Suite struct IndexLeanSchemaTests {
    @Test func titlePhraseMatchesTheWordsInOrder() throws {
        let t = try TempIndex().add(record("1", "Supernova Viewing Party"), record("2", "Party for viewing a supernova"))
        #expect(try t.ids("title:\"viewing party\"") == ["1"])
    }

    @Test func titlePhraseNeedsTheWordsInTheTitle() throws {
        let t = try TempIndex().add(record("1", "Supernova", subtitle: "viewing party"),
                                    record("2", "Viewing party"))
        #expect(try t.ids("title:\"viewing party\"") == ["2"])
    }

    @Test func propertyPhraseMatchesInsideThatProperty() throws {
        let t = try TempIndex().add(record("1", "Meeting", properties: ["location": .string("north roof deck")]),
                                    record("2", "Meeting", properties: ["location": .string("deck on the roof")]))
        #expect(try t.ids("location:\"roof deck\"") == ["1"])
    }

    @Test func keywordPhraseMatchesInsideOneKeyword() throws {
        let t = try TempIndex().add(record("1", "A", keywords: ["comet tail", "glow"]),
                                    record("2", "B", keywords: ["tail", "comet"]))
        #expect(try t.ids("keyword:\"comet tail\"") == ["1"])
    }

    @Test func fieldTermsCarryNoPositions() throws {
        let t = try TempIndex().add(record("1", "Supernova Viewing Party", keywords: ["astronomy night"]))
        let database = t.index.handle
        #expect(try database.positionCount(term: "Ssupernova") == 0)
        #expect(try database.positionCount(term: "Kastronomy") == 0)
        #expect(try database.positionCount(term: "supernova") > 0)
    }

    @Test func writerSuggestsSpellingFromUncommittedWords() throws {
        let t = try TempIndex()
        try t.index.replace([record("1", "Cosmic ray detector")])
        let result = try t.index.search(SearchQuery(text: "detectr", spelling: .suggest), now: Date())
        #expect(result.correctedText == "detector")
    }

    @Test func spellingForgetsTheWordsOfAReplacedRecord() throws {
        let t = try TempIndex().add(record("1", "Cosmic ray detector"))
        try t.add(record("1", "Cosmic ray telescope"))
        #expect(try t.index.handle.termFrequency("detector") == 0)
        let result = try t.index.search(SearchQuery(text: "detectr", spelling: .suggest), now: Date())
        #expect(result.correctedText == nil)
    }

    private static let longDescription = String(repeating: "A tool for astronomers that tracks comets. ", count: 8)

    @Test func longPropertyTextIsFoundByItsField() throws {
        let t = try TempIndex().add(record("1", "Skywatch", properties: ["description": .string(Self.longDescription)]),
                                    record("2", "Other", properties: ["description": .string("a short text about stars")]))
        #expect(try t.ids("description:comets") == ["1"])
        #expect(try t.ids("description:stars") == ["2"])
    }

    @Test func longPropertyTextIsStemmedAndPhrasedInItsField() throws {
        let t = try TempIndex().add(record("1", "Skywatch", properties: ["description": .string(Self.longDescription)]))
        #expect(try t.ids("description:comet") == ["1"])
        #expect(try t.ids("description:\"tracks comets\"") == ["1"])
        #expect(try t.ids("description:\"comets tracks\"") == [])
    }

    @Test func longPropertyTextHasNoFieldTerms() throws {
        let t = try TempIndex().add(record("1", "Skywatch", properties: ["description": .string(Self.longDescription)]))
        #expect(try t.index.handle.termFrequency("XPdescription:comets") == 0)
        #expect(try t.index.handle.termFrequency(TermSchema.longText("description")) == 1)
    }
}
