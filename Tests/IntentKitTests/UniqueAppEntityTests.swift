import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// Apple's UniqueAppEntity with a UniqueAppEntityProvider: one instance, given by the provider.

struct LibrarySettings: UniqueAppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Settings"
    static let defaultQuery = UniqueAppEntityProvider { LibrarySettings() }
    var displayRepresentation: DisplayRepresentation { "Library settings" }
    @Property(title: "Sort by title") var sortByTitle: Bool
    init() { sortByTitle = true }
}

private let settingsApp = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [Echo<LibrarySettings>.self],
                                               entities: [LibrarySettings.self])
private let settingsReference = PropertyValue.entity(EntityReference(type: "LibrarySettings", id: "unique"))

private func returnedSettings(_ arguments: [String: PropertyValue]) async throws -> Record? {
    guard case .entity(let record) = try await settingsApp.run("Echo<LibrarySettings>", arguments) else { return nil }
    return record
}

@Test func aUniqueEntityParameterLeftOutIsTheProvidersInstance() async throws {
    let record = try await returnedSettings([:])
    #expect(record?.id == "unique")
    #expect(record?.properties["sortByTitle"] == .bool(true))
}

@Test func aReferenceToAUniqueEntityResolvesToTheProvidersInstance() async throws {
    let record = try await returnedSettings(["value": settingsReference])
    #expect(record?.title == "Library settings")
}

@Test func describeReportsAUniqueEntityParameterDefaultingToTheInstance() async throws {
    let parameter = await settingsApp.describe().intents.first?.parameters.first
    #expect(parameter?.defaultValue == settingsReference)
    #expect(parameter?.isRequired == false)
}

/// A unique entity that declares its own `id`, of a type other than `String`.
struct ReaderSettings: UniqueAppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Reader settings"
    static let defaultQuery = UniqueAppEntityProvider { ReaderSettings() }
    let id = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00CF4FC964FF")!
    var displayRepresentation: DisplayRepresentation { "Reader settings" }
}

private let readerApp = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [Echo<ReaderSettings>.self],
                                             entities: [ReaderSettings.self])

@Test func aUniqueEntityWithAUUIDIdentifierIsTheInstanceWhenItsParameterIsLeftOut() async throws {
    let value = try await readerApp.run("Echo<ReaderSettings>", [:])
    guard case .entity(let record) = value else { Issue.record("returned \(value)"); return }
    #expect(record.id == "6F9619FF-8B86-D011-B42D-00CF4FC964FF")
}

@Test func anyIdentifierOfAUniqueEntityWithAUUIDIdentifierNamesTheInstance() async throws {
    let found = try await readerApp.entities(for: EntitiesForParams(type: "ReaderSettings", ids: ["settings"]))
    #expect(found.entities.map(\.id) == ["6F9619FF-8B86-D011-B42D-00CF4FC964FF"])
}

struct ApplySettingsIntent: AppIntent {
    @Parameter(title: "Settings") var settings: LibrarySettings
    static var parameterSummary: some ParameterSummary {
        When(\ApplySettingsIntent.$settings, .hasAnyValue) { Summary("Apply \(\.$settings)") } otherwise: { Summary("Apply nothing") }
    }
    func perform() async throws -> some IntentResult { .result() }
}

@Test func aUniqueEntityParameterHasAValueInASummarysCondition() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [ApplySettingsIntent.self], entities: [LibrarySettings.self])
    #expect(await app.describe().intents.first?.parameterSummary == "Apply ${settings}")
}

/// A unique entity whose query is the app's own `UniqueAppEntityQuery`, declaring only
/// `uniqueEntity()`, as docs/porting.md and the protocol's doc comment show it.
struct ShelfSettings: UniqueAppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Shelf settings"
    static let defaultQuery = ShelfSettingsQuery()
    var displayRepresentation: DisplayRepresentation { "Shelf settings" }
    @Property(title: "Columns") var columns: Int
    init() { columns = 4 }
}

struct ShelfSettingsQuery: UniqueAppEntityQuery {
    func uniqueEntity() async throws -> ShelfSettings { ShelfSettings() }
}

@Test func aUniqueEntityWithItsOwnQueryIsThatQuerysInstance() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [Echo<ShelfSettings>.self],
                                   entities: [ShelfSettings.self])
    guard case .entity(let record) = try await app.run("Echo<ShelfSettings>", [:]) else {
        Issue.record("no entity returned"); return
    }
    #expect(record.id == "unique")
    #expect(record.properties["columns"] == .int(4))
    let found = try await app.entities(for: EntitiesForParams(type: "ShelfSettings", ids: ["unique"]))
    #expect(found.entities.map(\.title) == ["Shelf settings"])
}
