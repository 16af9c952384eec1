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
