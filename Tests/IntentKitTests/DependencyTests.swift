import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Synchronization
import Testing

// App Intents' @Dependency and AppDependencyManager, as Apple's samples write them.

final class TrailDataManager: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

struct StartTrailIntent: AppIntent {
    @Dependency private var trails: TrailDataManager
    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: trails.name) }
}

@Test func aRegisteredDependencyIsWhatTheIntentReads() async throws {
    AppDependencyManager.shared.add(dependency: TrailDataManager(name: "Skyline"))
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [StartTrailIntent.self])
    #expect(try await app.run("StartTrailIntent") == .value(.string("Skyline")))
}

/// How many times the async maker ran.
let madeStores = Mutex(0)

final class ModelStore: Sendable {
    static func open() async -> ModelStore {
        madeStores.withLock { $0 += 1 }
        return ModelStore()
    }
}

struct CountStoresIntent: AppIntent {
    @Dependency var store: ModelStore
    func perform() async throws -> some IntentResult & ReturnsValue<Int> {
        _ = store
        return .result(value: madeStores.withLock { $0 })
    }
}

@Test func anAsyncDependencyIsMadeBeforePerformAndOnlyOnce() async throws {
    AppDependencyManager.shared.add { await ModelStore.open() }
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [CountStoresIntent.self])
    #expect(try await app.run("CountStoresIntent") == .value(.int(1)))
    #expect(try await app.run("CountStoresIntent") == .value(.int(1)))
}

final class NeverRegistered: Sendable {}

struct NeedsMissingIntent: AppIntent {
    @Dependency private var missing: NeverRegistered
    func perform() async throws -> some IntentResult { _ = missing; return .result() }
}

@Test func anUnregisteredDependencyFailsTheRunNamingIt() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [NeedsMissingIntent.self])
    let error = await spotlightError { _ = try await app.run("NeedsMissingIntent") }
    #expect(error?.code == .notFound)
    #expect(error?.message == "NeedsMissingIntent's @Dependency 'missing': no dependency NeverRegistered is registered; "
        + "call AppDependencyManager.shared.add(dependency:) with one before IntentApp(...).main()")
}

final class Greeting: Sendable {
    let text: String
    init(_ text: String) { self.text = text }
}

struct GreetBothIntent: AppIntent {
    @Dependency(key: "morning") var morning: Greeting
    @Dependency(key: "evening") var evening: Greeting
    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: morning.text + " " + evening.text) }
}

@Test func keyedDependenciesOfOneTypeAreKeptApart() async throws {
    AppDependencyManager.shared.add(key: "morning", dependency: Greeting("Good morning"))
    AppDependencyManager.shared.add(key: "evening", dependency: Greeting("good night"))
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [GreetBothIntent.self])
    #expect(try await app.run("GreetBothIntent") == .value(.string("Good morning good night")))
}

struct UnshelvedBook: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Unshelved book"
    static let defaultQuery = UnshelvedBookQuery()
    let id: String
    var displayRepresentation: DisplayRepresentation { "\(id)" }
}

struct UnshelvedBookQuery: EntityQuery {
    @Dependency private var missing: NeverRegistered
    func entities(for identifiers: [String]) async throws -> [UnshelvedBook] { _ = missing; return [] }
    func suggestedEntities() async throws -> [UnshelvedBook] { _ = missing; return [] }
}

@Test func aQueryWithAnUnregisteredDependencyFailsNamingIt() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [], entities: [UnshelvedBook.self])
    let error = await spotlightError { _ = try await app.suggestedEntities(EntityTypeParams(type: "UnshelvedBook")) }
    #expect(error?.code == .notFound)
    #expect(error?.message.contains("UnshelvedBookQuery's @Dependency 'missing': no dependency NeverRegistered is registered")
        == true)
}
