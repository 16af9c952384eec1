import Foundation
import IntentKit
import SpotlightKit
import SpotlightModel
import SpotlightProtocol
import Synchronization
import Testing

// Apple's IndexedEntityQuery (App Intents 2026): spotlightd's rebuild asks the query to re-donate.

private let reindexCalls = Mutex<[String]>([])

private struct PhotoEntity: IndexedEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Photo"
    static let defaultQuery = PhotoQuery()
    let id: Int
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "photo \(id)") }
}

private struct PhotoQuery: IndexedEntityQuery {
    func entities(for identifiers: [Int]) async throws -> [PhotoEntity] { identifiers.map(PhotoEntity.init) }

    func reindexAllEntities(indexDescription: CSSearchableIndexDescription) async throws {
        reindexCalls.withLock { $0.append("all") }
    }

    func reindexEntities(for identifiers: [Int], indexDescription: CSSearchableIndexDescription) async throws {
        reindexCalls.withLock { $0.append("some \(identifiers)") }
    }
}

@Suite(.serialized) struct IndexedEntityQueryTests {
    let app = AppServiceDispatcher(bundleIdentifier: "com.example.Photos", intents: [], entities: [PhotoEntity.self],
                                   reindexing: Reindexing(donate: { _ in }))

    @Test func reindexAllAsksAnIndexedEntityQueryToReindexItsEntities() async throws {
        reindexCalls.withLock { $0 = [] }
        _ = try await app.reindexAll()
        #expect(reindexCalls.withLock { $0 } == ["all"])
    }

    @Test func reindexOfSomeIdentifiersAsksTheQueryForThose() async throws {
        reindexCalls.withLock { $0 = [] }
        _ = try await app.reindex(ReindexParams(type: "PhotoEntity", ids: ["3", "5"]))
        #expect(reindexCalls.withLock { $0 } == ["some [3, 5]"])
    }
}
