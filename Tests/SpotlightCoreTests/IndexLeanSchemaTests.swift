import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// Field terms (title, keywords, properties) are indexed once, as stems, without positions; a
/// query's field words and wildcards are matched by their stems, and a phrase in a field on
/// the free text, which holds every word once with positions.
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

    /// A record with a word in each kind of field.
    private static let fields = record("1", "Supernova Viewing Party", keywords: ["astronomy night"],
                                       properties: ["location": .string("roof decks")])

    @Test func fieldTermsAreStemsWithoutPositions() throws {
        let t = try TempIndex().add(Self.fields)
        let database = t.index.handle
        #expect(try database.termFrequency("ZSview") == 1)
        #expect(try database.termFrequency("ZKastronomi") == 1)
        #expect(try database.termFrequency("ZXPlocation:deck") == 1)
        #expect(try database.positionCount(term: "ZSview") == 0)
        #expect(try database.positionCount(term: "viewing") > 0)
    }

    @Test func fieldTermsHoldNoUnstemmedCopy() throws {
        let t = try TempIndex().add(Self.fields)
        let database = t.index.handle
        #expect(try database.termFrequency("Sviewing") == 0)
        #expect(try database.termFrequency("Kastronomy") == 0)
        #expect(try database.termFrequency("XPlocation:decks") == 0)
    }

    @Test func aFieldWordFindsTheFieldsOtherForms() throws {
        let t = try TempIndex().add(record("1", "Running comets"), record("2", "Other", subtitle: "running comets"))
        #expect(try t.ids("title:run") == ["1"])
        #expect(try t.ids("title:comet") == ["1"])
    }

    @Test func aFieldWordStartingWithADigitIsFound() throws {
        let t = try TempIndex().add(record("1", "0ad data"), record("2", "Other", subtitle: "0ad"))
        #expect(try t.ids("title:0ad") == ["1"])
        #expect(try t.ids("title:\"0ad data\"") == ["1"])
    }

    @Test func aFieldWildcardFindsTheWordsItBeginsInThatField() throws {
        let t = try TempIndex().add(record("1", "Supernova Viewing Party"), record("2", "Other", subtitle: "viewing"))
        #expect(try t.ids("title:viewi* party") == ["1"])
        #expect(try t.ids("title:vie") == ["1"])
        #expect(try t.ids("title:xyz*") == [])
    }

    @Test func aFieldWordTypedPastItsStemIsFound() throws {
        let t = try TempIndex().add(record("1", "Running comets"))
        #expect(try t.ids("title:runnin") == ["1"])
    }

    @Test func aFieldWordIsStemmedInTheRecordsLanguage() throws {
        var german = record("de", "Die Sternwarten")
        german.language = "de"
        let t = try TempIndex().add(german, record("en", "Watching comets"))
        #expect(try t.ids("title:sternwarte") == ["de"])
        #expect(try t.ids("title:watch") == ["en"])
    }

    @Test func aFieldPhraseFindsARecordInALanguageWithoutAStemmer() throws {
        var korean = record("ko", "Roof party 관측")
        korean.language = "ko"
        let t = try TempIndex().add(korean)
        #expect(try t.index.handle.termFrequency("Sroof") == 1)
        #expect(try t.ids("title:\"roof party\"") == ["ko"])
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

    @Test func longPropertyTextIsFoundByAWildcardOrPartialWordInItsField() throws {
        let t = try TempIndex().add(record("1", "Skywatch", properties: ["description": .string(Self.longDescription)]),
                                    record("2", "Other", properties: ["description": .string("a short text about comedy")]),
                                    record("3", "Comet list", properties: ["note": .string("comets")]))
        #expect(try t.ids("description:comet*") == ["1"])
        #expect(try t.ids("description:astronom") == ["1"])
        #expect(try t.ids("description:come*").sorted() == ["1", "2"])
    }

    @Test func longPropertyTextHasNoFieldTerms() throws {
        let t = try TempIndex().add(record("1", "Skywatch", properties: ["description": .string(Self.longDescription)]))
        #expect(try t.index.handle.termFrequency("XPdescription:comets") == 0)
        #expect(try t.index.handle.termFrequency(TermSchema.longText("description")) == 1)
    }
}
