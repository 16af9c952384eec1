import Foundation
import Testing
@testable import IntentKitTesting

// What the harness learns of the app: properties from the type, shortcuts, intent properties.

@Test func nilOptionalPropertyOfAnEntityTypeWithNoneAtFirstReadsAsNil() async throws {
    let environment = privateEnvironment()
    defer { environment.shutdown() }
    let app = IntentDefinitions(bundleIdentifier: fixtureBundle, environment: environment)
    // The schema is fetched (and kept) before any ghost exists.
    let before = try await app.schema()
    let ghost = try #require(before.entities.first { $0.name == "GhostEntity" })
    #expect(ghost.properties.map(\.name) == ["name", "haunts", "sightings"])
    #expect(ghost.properties.map(\.isOptional) == [false, true, false])

    let summoned = try await app.intents["SummonGhostIntent"].makeIntent(name: "Blinky").run()
    let haunts: String? = try summoned.value.haunts
    #expect(haunts == nil)
    #expect(try summoned.value.sightings == 0)
}

@Test func shortcutsAreListedWithTheirPhrasesResolved() async throws {
    let shortcuts = try await fixture.appShortcuts()
    let open = try #require(shortcuts.first { $0.intent == "OpenItemIntent" })
    #expect(open.phrases == ["Open ${target} in IntentKitFixture", "Show an item in IntentKitFixture"])
    #expect(open.shortTitle == "Open Item")
    #expect(open.systemImageName == "shippingbox")
    #expect(shortcuts.contains { $0.intent == "EchoStringIntent" && $0.phrases == ["Echo with IntentKitFixture"] })
}

@Test func intentPropertiesAreDescribed() async throws {
    let schema = try await fixture.schema()
    let open = try #require(schema.intents.first { $0.name == "OpenItemIntent" })
    #expect(open.openAppWhenRun == true)
    #expect(open.authenticationPolicy == "alwaysAllowed")
    let validate = try #require(schema.intents.first { $0.name == "ValidateNameIntent" })
    #expect(validate.title == "Validate Name")
    #expect(validate.description == "Throws the fixture's errors on purpose.")
    #expect(validate.openAppWhenRun == false)
}

@Test func supportedModesAreDescribed() async throws {
    let schema = try await fixture.schema()
    let slow = try #require(schema.intents.first { $0.name == "SlowIntent" })
    let open = try #require(schema.intents.first { $0.name == "OpenItemIntent" })
    #expect(slow.supportedModes == ["background", "foreground(dynamic)"])
    #expect(open.supportedModes == ["foreground(immediate)"])
}

@Test func schemaAfterTheFirstEntityExistsHasItsPropertyTitles() async throws {
    let environment = privateEnvironment()
    defer { environment.shutdown() }
    let app = IntentDefinitions(bundleIdentifier: fixtureBundle, environment: environment)
    let before = try #require(try await app.schema().entities.first { $0.name == "GhostEntity" })
    #expect(before.properties.map(\.title) == ["name", "haunts", "sightings"], "no ghost to read titles from yet")
    try await app.intents["SummonGhostIntent"].makeIntent(name: "Inky").run()
    let after = try #require(try await app.schema().entities.first { $0.name == "GhostEntity" })
    #expect(after.properties.map(\.title) == ["Name", "Haunts", "sightings"])
}

@Test func casesOfAnEnumAParameterUsesButTheAppDoesNotListAreDescribed() async throws {
    let cases = try await fixture.enums["LockerSize"].cases()
    #expect(cases.map(\.rawValue) == ["small", "large"])
    #expect(cases.map(\.title) == ["Small", "Large"])
}

@Test func anUnlistedEnumsUnknownCaseIsRefusedByTheHarnessListingItsCases() async {
    let message = await errorMessage {
        try await fixture.intents["OpenLockerIntent"].makeIntent(number: 1, size: fixture.enums["LockerSize"].makeCase("huge")).run()
    }
    #expect(message.contains("LockerSize has no case \"huge\"; its cases are small, large"))
}
