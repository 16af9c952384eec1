import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// Apple's TransientAppEntity: made for a result, with properties, no identifier and no query.

struct ReadingStats: TransientAppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Reading statistics"
    @Property(title: "Books read") var booksRead: Int
    @Property(title: "Favourite") var favourite: String?
    var displayRepresentation: DisplayRepresentation { "\(booksRead) books" }
    init() { booksRead = 0 }
}

struct ReadingStatsIntent: AppIntent {
    func perform() async throws -> some IntentResult & ReturnsValue<ReadingStats> {
        var stats = ReadingStats()
        stats.booksRead = 12
        stats.favourite = "Dune"
        return .result(value: stats)
    }
}

struct ShareStatsIntent: AppIntent {
    @Parameter(title: "Stats") var stats: ReadingStats
    func perform() async throws -> some IntentResult { .result() }
}

private let statsApp = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [ReadingStatsIntent.self, ShareStatsIntent.self],
                                            entities: [ReadingStats.self])

@Test func aTransientEntityIsReturnedWithItsProperties() async throws {
    guard case .entity(let record) = try await statsApp.run("ReadingStatsIntent") else {
        Issue.record("not an entity")
        return
    }
    #expect(record.type == "ReadingStats")
    #expect(record.title == "12 books")
    #expect(record.properties["booksRead"] == .int(12))
    #expect(record.properties["favourite"] == .string("Dune"))
}

@Test func describeListsATransientEntitysProperties() async throws {
    let entity = await statsApp.describe().entities.first { $0.name == "ReadingStats" }
    #expect(entity?.properties.map(\.name) == ["booksRead", "favourite"])
}

@Test func aTransientEntityParameterCannotBeGivenByReference() async throws {
    let error = await spotlightError {
        _ = try await statsApp.run("ShareStatsIntent", ["stats": .entity(EntityReference(type: "ReadingStats", id: "ReadingStats"))])
    }
    #expect(error?.code == .notFound)
}

@Test func aTransientEntitysPropertyTitlesAreDescribedBeforeAnyExists() async throws {
    let stats = try #require(await statsApp.describe().entities.first { $0.name == "ReadingStats" })
    #expect(stats.properties.map(\.title) == ["Books read", "Favourite"])
}
