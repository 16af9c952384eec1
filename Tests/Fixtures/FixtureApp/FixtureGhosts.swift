import Foundation
import IntentKit
import Synchronization

/// An entity of which there is none until `SummonGhostIntent` makes one, for the schema read
/// from the type (describe runs before any exists).
struct GhostEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Ghost"
    static let defaultQuery = GhostQuery()

    let id: String
    @Property(title: "Name") var name: String
    @Property(title: "Haunts") var haunts: String?
    @Property var sightings: Int

    init(id: String, name: String, haunts: String?, sightings: Int) {
        self.id = id
        self.name = name
        self.haunts = haunts
        self.sightings = sightings
    }

    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }

    static let summoned = Mutex<[GhostEntity]>([])
}

struct GhostQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [GhostEntity] {
        GhostEntity.summoned.withLock { $0 }.filter { identifiers.contains($0.id) }
    }
    func suggestedEntities() async throws -> [GhostEntity] { GhostEntity.summoned.withLock { $0 } }
}

struct SummonGhostIntent: AppIntent {
    static let title = "Summon Ghost"
    @Parameter(title: "Name") var name: String
    @Parameter(title: "Haunts") var haunts: String?

    func perform() async throws -> some IntentResult & ReturnsValue<GhostEntity> {
        let ghost = GhostEntity(id: UUID().uuidString, name: name, haunts: haunts, sightings: 0)
        GhostEntity.summoned.withLock { $0.append(ghost) }
        return .result(value: ghost)
    }
}
