import Foundation
import IntentKit
import SpotlightKit
import SpotlightModel
import Testing

// `@Property(customIndexingKey:)`, as Apple's App Intents declares it (iOS 18.4).

private struct LibraryBookEntity: IndexedEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Book"
    static let defaultQuery = LibraryBookQuery()
    static let seriesKey = CSCustomAttributeKey(keyName: "bookSeries")!

    let id: String
    @Property(title: "Series", customIndexingKey: LibraryBookEntity.seriesKey) var series: String
    @Property(customIndexingKey: CSCustomAttributeKey(keyName: "shelfNumber")!) var shelf: Int

    init(id: String, series: String, shelf: Int) {
        self.id = id
        self.series = series
        self.shelf = shelf
    }

    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(id)") }
}

private struct LibraryBookQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [LibraryBookEntity] { [] }
}

@Test func customIndexingKeyDonatesThePropertyAsThatCustomAttribute() {
    let record = LibraryBookEntity(id: "b1", series: "Earthsea", shelf: 4).record(bundle: "com.example.Library")
    #expect(record.properties["bookSeries"] == .string("Earthsea"))
    #expect(record.properties["series"] == .string("Earthsea"), "the property keeps its own name too")
    #expect(record.properties["shelfNumber"] == .int(4))
}

@Test func customIndexingKeyIsInTheDefaultAttributeSet() {
    let attributes = LibraryBookEntity(id: "b1", series: "Earthsea", shelf: 4).defaultAttributeSet
    #expect(attributes.value(forCustomKey: LibraryBookEntity.seriesKey) as? String == "Earthsea")
}
