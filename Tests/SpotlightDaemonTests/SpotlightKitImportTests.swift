import Foundation
import SpotlightKit
import Testing

/// An app imports SpotlightKit alone, as an Apple app imports CoreSpotlight alone: this file
/// names the record model and the daemon's answers with no other Spotlight import, so it
/// stops compiling if SpotlightKit stops re-exporting them.
@Suite struct SpotlightKitImportTests {
    @Test func anAppImportingOnlySpotlightKitDonatesAndFindsARecord() async throws {
        let daemon = try DaemonProcess()
        let index = SearchableIndex(socketPath: daemon.socket)
        let record = Record(bundle: "com.example.test", type: "Note", id: "n1", title: "Comet sighting",
                            properties: ["seen": .date(Date(timeIntervalSince1970: 1_780_000_000))])
        let written: WriteResult = try await index.indexRecords([record])
        #expect(written.count == 1)
        var query = SearchQuery(text: "comet", facets: ["type"])
        query.sort = SearchSort(by: "seen")
        query.snippets = SnippetOptions(start: "[", end: "]")
        let result: SearchResult = try await index.query(query)
        #expect(result.hits.map(\.record.key) == [RecordKey(bundle: "com.example.test", type: "Note", id: "n1")])
        let status: DaemonStatus = try await index.status()
        #expect(status.index.recordCount == 1)
    }

    @Test func coreSpotlightsIndexNamesCompileAsAppleWritesThem() {
        #expect(CSSearchableIndex.default() === SearchableIndex.default)
        #expect(CSSearchableIndex(name: "notes").name == "notes")
    }

    @Test func coreSpotlightsAttributeSetCompilesAsAppleWritesIt() {
        let attributes = CSSearchableItemAttributeSet(contentType: .text)
        attributes.contentDescription = "Seen from the roof"
        #expect(attributes.contentDescription == "Seen from the roof")
    }
}
