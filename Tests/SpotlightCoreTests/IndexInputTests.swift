import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

@Suite struct IndexInputTests {
    @Test(arguments: ["\"supernova party", "supernova\"", "((supernova", "supernova AND", "OR", "NOT",
                      "-", "title:", "\"\"", "*", "a* b*", "!!! ??? ...", ") supernova (", "AND OR NOT"])
    func oddQueriesGiveAResultNotACrash(text: String) throws {
        let t = try TempIndex().add(record("1", "Supernova party"))
        let result = try t.index.search(SearchQuery(text: text), now: Date())
        #expect(result.hits.count <= 1)
    }

    @Test func unbalancedQuoteStillFindsTheWords() throws {
        let t = try TempIndex().add(record("1", "Supernova party"))
        #expect(try t.ids("\"supernova party") == ["1"])
    }

    /// Xapian refuses `rock (AND) roll` (an operator with nothing on either side, which the
    /// retry without stray operators does not see as one); the last retry reads the text as
    /// plain words, made only then.
    @Test func aQueryXapianRefusesIsSearchedAsItsPlainWords() throws {
        let t = try TempIndex().add(record("1", "Rock and roll night"), record("2", "Rock concert"))
        #expect(try t.ids("rock (AND) roll") == ["1"])
    }

    @Test func megabyteQueryIsRejectedAsInvalidInput() throws {
        let t = try TempIndex().add(record("1", "Supernova"))
        let huge = String(repeating: "supernova ", count: 100_000)
        #expect {
            try t.index.search(SearchQuery(text: huge), now: Date())
        } throws: { error in
            guard let error = error as? SpotlightError else { return false }
            return error.code == .invalidInput && error.message.contains("limit")
        }
    }

    @Test func invalidUTF8TurnedIntoAStringSearchesWithoutCrashing() throws {
        let t = try TempIndex().add(record("1", "Supernova"))
        let text = String(decoding: [0xff, 0xfe, 0x73, 0x75, 0x70, 0xc3, 0x28, 0x20, 0x73, 0x75, 0x70] as [UInt8],
                          as: UTF8.self)
        _ = try t.index.search(SearchQuery(text: text), now: Date())
        #expect(try t.ids(text + " supernova").count <= 1)
    }

    @Test func negativePageIsInvalidInput() throws {
        let t = try TempIndex()
        #expect {
            try t.index.search(SearchQuery(text: "x", offset: -1), now: Date())
        } throws: { ($0 as? SpotlightError)?.code == .invalidInput }
    }

    @Test func pathThatIsNotADatabaseIsReportedNamingIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("not-db-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("junk").path
        try Data("this is not a xapian database".utf8).write(to: URL(fileURLWithPath: file))
        for open in [{ _ = try SearchIndex.openWritable(path: file) },
                     { _ = try SearchIndex.openReadOnly(.local(path: file)) }] {
            #expect {
                try open()
            } throws: { error in
                guard let error = error as? SpotlightError else { return false }
                return [.corrupt, .invalidInput, .notFound].contains(error.code) && error.message.contains(file)
            }
        }
    }

    @Test func secondWriterFailsFastAsLockedNamingThePath() throws {
        let t = try TempIndex()
        let start = Date()
        #expect {
            _ = try SearchIndex.openWritable(path: t.path)
        } throws: { error in
            guard let error = error as? SpotlightError else { return false }
            return error.code == .locked && error.message.contains(t.path)
        }
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func closedIndexThrowsInsteadOfCrashing() throws {
        let t = try TempIndex()
        t.index.close()
        #expect(throws: SpotlightError.self) { try t.index.documentCount() }
    }
}
