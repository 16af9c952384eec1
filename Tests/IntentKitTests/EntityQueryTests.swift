import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import SpotlightWire
import Synchronization
import Testing

@Test func entitiesForReturnsTheRepresentationsOfKnownIdentifiers() async throws {
    let result = try await makeDispatcher().entities(for: EntitiesForParams(type: "TaskEntity", ids: ["tax", "nope"]))
    #expect(result.entities.map(\.id) == ["tax"])
}

@Test func representationCarriesDisplayRepresentationAndTypedProperties() async throws {
    let result = try await makeDispatcher().entities(for: EntitiesForParams(type: "TaskEntity", ids: ["roses"]))
    let record = try #require(result.entities.first)
    #expect(record == Record(bundle: testBundle, type: "TaskEntity", id: "roses", title: "Prune roses",
                             subtitle: "high", synonyms: ["todo roses"], properties: [
                                 "title": .string("Prune roses"), "priority": .enumCase("high"),
                                 "due": .date(TaskEntity.dueDate),
                                 "project": .entity(EntityReference(type: "ProjectEntity", id: "7")),
                                 "tags": .array([]),
                             ]))
}

@Test func entitiesMatchingRunsTheStringQuery() async throws {
    let result = try await makeDispatcher().entities(matching: EntitiesMatchingParams(type: "TaskEntity", string: "buy"))
    #expect(result.entities.map(\.title) == ["Buy milk"])
}

@Test func entitiesMatchingOnATypeWithoutAStringQueryIsAnError() async throws {
    let error = await spotlightError {
        _ = try await makeDispatcher().entities(matching: EntitiesMatchingParams(type: "ProjectEntity", string: "x"))
    }
    #expect(error?.message == "ProjectEntity's query is not an EntityStringQuery, so entities(matching:) is not available")
}

@Test func suggestedEntitiesRunsTheQuery() async throws {
    let result = try await makeDispatcher().suggestedEntities(EntityTypeParams(type: "TaskEntity"))
    #expect(result.entities.map(\.id) == ["roses"])
}

@Test func allEntitiesRunsTheEnumerableQuery() async throws {
    let result = try await makeDispatcher().allEntities(EntityTypeParams(type: "TaskEntity"))
    #expect(result.entities.map(\.id) == ["milk", "roses", "tax"])
}

@Test func unknownEntityTypeListsTheTypesThatExist() async throws {
    let error = await spotlightError { _ = try await makeDispatcher().allEntities(EntityTypeParams(type: "Event")) }
    #expect(error?.code == .notFound)
    #expect(error?.message.hasSuffix("has no entity type \"Event\"; entity types: ProjectEntity, TaskEntity") == true)
}

@Test func viewAnnotationsResolveTheEntitiesOnScreen() async throws {
    let screen = AppScreen()
    screen.show(["Prune roses"], annotations: [
        EntityAnnotation(EntityIdentifier(for: TaskEntity.self, identifier: "roses"), isSelected: true),
        EntityAnnotation(EntityIdentifier(for: ProjectEntity.self, identifier: 7)),
        EntityAnnotation(EntityIdentifier(for: TaskEntity.self, identifier: "deleted")),
    ])
    let result = try await makeDispatcher(screen: screen).viewAnnotations()
    #expect(result.annotations.map(\.entity.title) == ["Prune roses", "Garden"])
    #expect(result.annotations.map(\.isSelected) == [true, false])
}

@Test func aViewAnnotationNamesItsEntityByTheEntityItself() async throws {
    let screen = AppScreen()
    screen.show(["Garden"], annotations: [EntityAnnotation(EntityIdentifier(for: ProjectEntity.all[0]), isSelected: true)])
    let result = try await makeDispatcher(screen: screen).viewAnnotations()
    #expect(result.annotations.map(\.entity.id) == ["7"])
}

@Test func viewAnnotationsFilterByType() async throws {
    let screen = AppScreen()
    screen.show([], annotations: [EntityAnnotation(EntityIdentifier(for: ProjectEntity.self, identifier: 7)),
                                  EntityAnnotation(EntityIdentifier(for: TaskEntity.self, identifier: "milk"))])
    let result = try await makeDispatcher(screen: screen).viewAnnotations(ViewAnnotationsParams(type: "TaskEntity"))
    #expect(result.annotations.map(\.entity.id) == ["milk"])
}

@Test func screenAnswersTheLinesShown() async throws {
    let screen = AppScreen()
    screen.show(["Tasks", "Buy milk"])
    let result = try await makeDispatcher(screen: screen).handle(method: "screen", params: nil)
    #expect(try result.decode(ScreenResult.self).lines == ["Tasks", "Buy milk"])
}

/// Collects what the dispatcher donates.
final class DonationLog: Sendable {
    let records = Mutex<[Record]>([])
    var reindexing: Reindexing { Reindexing(donate: { batch in self.records.withLock { $0 += batch } }) }
}

@Test func reindexAllDonatesEveryIndexedEntityWithItsKeywords() async throws {
    let log = DonationLog()
    let result = try await makeDispatcher(reindexing: log.reindexing).reindexAll()
    #expect(result.donated == 3)
    let records = log.records.withLock { $0 }
    #expect(records.map(\.id) == ["milk", "roses", "tax"])
    #expect(records[0].keywords == ["shop"])
}

@Test func reindexAllLeavesOutAnEntitySpotlightdWouldRefuseAndDonatesTheRest() async throws {
    let log = DonationLog()
    let huge = TaskEntity(id: "huge", title: String(repeating: "x", count: 300 << 10), priority: .high)
    let farFuture = TaskEntity(id: "future", title: "Far", priority: .low, due: Date(timeIntervalSince1970: 300_000_000_000))
    let fine = TaskEntity(id: "fine", title: "Fine", priority: .low)
    let reindexing = Reindexing(donate: log.reindexing.donate, allEntities: { [huge, farFuture, fine] })
    let result = try await makeDispatcher(reindexing: reindexing).reindexAll()
    #expect(result.donated == 1)
    #expect(log.records.withLock { $0 }.map(\.id) == ["fine"])
    #expect(result.refused?.count == 2)
    #expect(result.refused?.contains { $0.contains("huge") } == true, "\(result.refused ?? [])")
    #expect(result.refused?.contains { $0.contains("future") && $0.contains("0001-9999") } == true, "\(result.refused ?? [])")
}

@Test func reindexDonatesTheGivenIdentifiersAndReportsMissingOnes() async throws {
    let log = DonationLog()
    let result = try await makeDispatcher(reindexing: log.reindexing).reindex(ReindexParams(type: "TaskEntity", ids: ["tax", "gone"]))
    #expect(result == ReindexResult(donated: 1, missing: ["gone"]))
    #expect(log.records.withLock { $0 }.map(\.id) == ["tax"])
}

@Test func reindexWithoutADonationHookIsUnavailable() async throws {
    let error = await spotlightError { _ = try await makeDispatcher().reindex(ReindexParams(type: "TaskEntity", ids: ["tax"])) }
    #expect(error?.code == .unavailable)
}

@Test func indexedEntityRecordCarriesKeywords() {
    let record = TaskEntity.all[0].record(bundle: testBundle)
    #expect(record.keywords == ["shop"])
    #expect(record.key == RecordKey(bundle: testBundle, type: "TaskEntity", id: "milk"))
}
