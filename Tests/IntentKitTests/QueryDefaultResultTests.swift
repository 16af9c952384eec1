import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// An entity query's defaultResult(): the value of a parameter of its type that the caller left out,
// as widget configuration queries write it.

struct RoomEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Room"
    static let defaultQuery = RoomQuery()
    static let all = [RoomEntity(id: "kitchen", name: "Kitchen"), RoomEntity(id: "lounge", name: "Lounge")]
    let id: String
    let name: String
    var displayRepresentation: DisplayRepresentation { "\(name)" }
}

struct RoomQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [RoomEntity] {
        RoomEntity.all.filter { identifiers.contains($0.id) }
    }
    func suggestedEntities() async throws -> [RoomEntity] { RoomEntity.all }
    func defaultResult() async -> RoomEntity? { RoomEntity.all.first }
}

struct HeatRoomIntent: AppIntent {
    @Parameter(title: "Room") var room: RoomEntity
    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: room.name) }
}

struct PeekRoomIntent: AppIntent {
    @Parameter(title: "Room") var room: RoomEntity?
    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: room?.name ?? "none") }
}

private let rooms = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [HeatRoomIntent.self, PeekRoomIntent.self])

@Test func aLeftOutEntityParameterIsItsQuerysDefaultResult() async throws {
    #expect(try await rooms.run("HeatRoomIntent") == .value(.string("Kitchen")))
}

@Test func aLeftOutOptionalEntityParameterIsItsQuerysDefaultResult() async throws {
    #expect(try await rooms.run("PeekRoomIntent") == .value(.string("Kitchen")))
}

@Test func aGivenEntityParameterIsNotReplacedByTheDefaultResult() async throws {
    let lounge = PropertyValue.entity(EntityReference(type: "RoomEntity", id: "lounge"))
    #expect(try await rooms.run("HeatRoomIntent", ["room": lounge]) == .value(.string("Lounge")))
}
