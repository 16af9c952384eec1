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

/// Apple's `add(key:dependency:)` takes a maker that throws: an archive whose disk is never there.
struct ArchiveNotMounted: Error, CustomStringConvertible {
    var description: String { "the archive disk is not mounted" }
}

final class OfflineArchive: Sendable {
    static func open() async throws -> OfflineArchive { throw ArchiveNotMounted() }
}

struct ReadOfflineArchiveIntent: AppIntent {
    @Dependency private var archive: OfflineArchive
    func perform() async throws -> some IntentResult { _ = archive; return .result() }
}

@Test func aMakerThatThrowsFailsTheRunNamingTheDependencyAndTheError() async throws {
    AppDependencyManager.shared.add { try await OfflineArchive.open() }
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [ReadOfflineArchiveIntent.self])
    let error = await spotlightError { _ = try await app.run("ReadOfflineArchiveIntent") }
    #expect(error?.code == .intentFailed)
    #expect(error?.message == "ReadOfflineArchiveIntent's @Dependency 'archive': making OfflineArchive threw: "
        + "the archive disk is not mounted; it is made again at the next run")
}

/// How many times the flaky archive was opened; the first opening fails.
let flakyArchiveOpenings = Mutex(0)

final class FlakyArchive: Sendable {
    static func open() async throws -> FlakyArchive {
        let attempt = flakyArchiveOpenings.withLock { count in
            count += 1
            return count
        }
        if attempt == 1 { throw ArchiveNotMounted() }
        return FlakyArchive()
    }
}

struct ReadFlakyArchiveIntent: AppIntent {
    @Dependency private var archive: FlakyArchive
    func perform() async throws -> some IntentResult & ReturnsValue<String> { _ = archive; return .result(value: "read") }
}

@Test func aMakerThatThrewIsTriedAgainAtTheNextRun() async throws {
    AppDependencyManager.shared.add { try await FlakyArchive.open() }
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [ReadFlakyArchiveIntent.self])
    _ = await spotlightError { _ = try await app.run("ReadFlakyArchiveIntent") }
    #expect(try await app.run("ReadFlakyArchiveIntent") == .value(.string("read")))
}

/// A manager of a test's own, as Apple's `AppDependencyManager()` is meant for dependency injection in tests.
let standaloneDependencies: AppDependencyManager = {
    let manager = AppDependencyManager()
    manager.add(dependency: TrailDataManager(name: "Injected"))
    return manager
}()

struct StartInjectedTrailIntent: AppIntent {
    @Dependency(manager: standaloneDependencies) private var trails: TrailDataManager
    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: trails.name) }
}

@Test func aDependencyOfItsOwnManagerIsReadFromThatManager() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [StartInjectedTrailIntent.self])
    #expect(try await app.run("StartInjectedTrailIntent") == .value(.string("Injected")))
}

final class Thermostat: Sendable {
    let setting: Int
    init(setting: Int) { self.setting = setting }
}

struct ReadThermostatIntent: AppIntent {
    @Dependency(default: Thermostat(setting: 20)) private var thermostat: Thermostat
    func perform() async throws -> some IntentResult & ReturnsValue<Int> { .result(value: thermostat.setting) }
}

@Test func anUnregisteredDependencyWithADefaultIsTheDefault() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [ReadThermostatIntent.self])
    #expect(try await app.run("ReadThermostatIntent") == .value(.int(20)))
}

/// The app's own keys, as Apple's `AnyHashable?` key allows.
enum GreetingKey: Hashable { case lunch, missingMeal }

struct GreetAtLunchIntent: AppIntent {
    @Dependency(key: GreetingKey.lunch) var lunch: Greeting
    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: lunch.text) }
}

@Test func aDependencyKeyMayBeAnyHashableValue() async throws {
    AppDependencyManager.shared.add(key: GreetingKey.lunch, dependency: Greeting("Enjoy your lunch"))
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [GreetAtLunchIntent.self])
    #expect(try await app.run("GreetAtLunchIntent") == .value(.string("Enjoy your lunch")))
}

struct GreetAtMissingMealIntent: AppIntent {
    @Dependency(key: GreetingKey.missingMeal) var meal: Greeting
    func perform() async throws -> some IntentResult { _ = meal; return .result() }
}

@Test func anUnregisteredKeyedDependencyIsNamedWithItsKey() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [GreetAtMissingMealIntent.self])
    let error = await spotlightError { _ = try await app.run("GreetAtMissingMealIntent") }
    #expect(error?.message.hasPrefix("GreetAtMissingMealIntent's @Dependency 'meal': no dependency Greeting "
        + "(key IntentKitTests.GreetingKey.missingMeal) is registered") == true)
}
