import Foundation
import SpotlightModel
import Testing
@testable import IntentKitTesting

// Every failure is a thrown error that says what went wrong.

@Test func unknownIntentListsTheIntentsThatExist() async {
    let message = await errorMessage { try await fixture.intents["Nope"].makeIntent().run() }
    #expect(message.contains("no intent \"Nope\""))
    #expect(message.contains("EchoStringIntent"))
}

@Test func unknownIntentDoesNotSuggestHiddenIntents() async {
    let message = await errorMessage { try await fixture.intents["Nope"].makeIntent().run() }
    #expect(!message.contains("HiddenTestIntent"))
}

@Test func unknownEntityTypeListsTheTypesThatExist() async {
    let message = await errorMessage { _ = try await fixture.entities["Nope"].allEntities() }
    #expect(message.contains("no entity type \"Nope\""))
    #expect(message.contains("ItemEntity"))
}

@Test func unknownEnumCaseListsTheCases() async {
    let message = await errorMessage {
        try await fixture.intents["EchoFlavorIntent"].makeIntent(flavor: fixture.enums["Flavor"].makeCase("bitter")).run()
    }
    #expect(message.contains("no case \"bitter\""))
    #expect(message.contains("sweet, sour, salty"))
}

@Test func caseOfAnEnumTheAppDoesNotHaveNamesItAndTheEnumsThatExist() async {
    let message = await errorMessage {
        try await fixture.intents["EchoFlavorIntent"].makeIntent(flavor: fixture.enums["Flavour"].makeCase("sweet")).run()
    }
    #expect(message.contains("has no enum Flavour; enums: Flavor"))
}

@Test func identifierNotOfTheEntitysIdTypeSaysSo() async {
    let message = await errorMessage {
        let lockers = fixture.entities["LockerEntity"]
        try await fixture.intents["EmptyLockersIntent"].makeIntent(entities: [lockers.makeReference(identifier: "seven")]).run()
    }
    #expect(message.contains("no LockerEntity has identifier \"seven\": LockerEntity's id is of type Int, and \"seven\" is not one"))
}

@Test func readingAReferenceWhoseIdentifierIsNotOfTheIdTypeSaysSoNotThatItWasDeleted() async {
    let message = await errorMessage {
        let _: String = try fixture.entities["LockerEntity"].makeReference(identifier: "seven").title
    }
    #expect(message == "LockerEntity(id: \"seven\") is referenced, but LockerEntity's id is of type Int, "
        + "and \"seven\" is not one")
}

@Test func unknownParameterListsTheParameters() async {
    let message = await errorMessage { try await fixture.intents["EchoIntIntent"].makeIntent(size: 3).run() }
    #expect(message.contains("no parameter 'size'"))
    #expect(message.contains("value"))
}

@Test func missingRequiredParameterIsNamed() async {
    let message = await errorMessage { try await fixture.intents["EchoIntIntent"].makeIntent().run() }
    #expect(message.contains("'value'"))
    #expect(message.contains("required"))
}

@Test func unconvertibleValueSaysWhichAndWhy() async {
    let message = await errorMessage { try await fixture.intents["EchoBoolIntent"].makeIntent(value: "yes").run() }
    #expect(message.contains("\"yes\""))
    #expect(message.contains("bool"))
}

@Test func noEntityMatchedNamesTheString() async {
    let message = await errorMessage { try await fixture.intents["EchoItemIntent"].makeIntent(item: "Nowhere").run() }
    #expect(message.contains("no ItemEntity matched \"Nowhere\""))
}

@Test func intentThatThrowsReportsItsMessage() async {
    let message = await errorMessage { try await fixture.intents["ThrowingIntent"].makeIntent().run() }
    #expect(message.contains("failed on purpose"))
}

@Test func crashDuringPerformReportsTheSignalAndStderrAndTheNextCallRelaunches() async throws {
    let environment = privateEnvironment()
    defer { environment.shutdown() }
    let app = IntentDefinitions(bundleIdentifier: fixtureBundle, environment: environment)
    let message = await errorMessage { try await app.intents["CrashIntent"].makeIntent().run() }
    #expect(message.contains("running CrashIntent"))
    #expect(message.contains("crashed with signal"))
    #expect(message.contains("CrashIntent crashed the fixture app on purpose"))
    let after = try await app.intents["EchoStringIntent"].makeIntent(value: "back").run()
    #expect(after.value == "back")
}

@Test func slowIntentTimesOutAfterINTENTKIT_TEST_TIMEOUT() async throws {
    let environment = privateEnvironment(["INTENTKIT_TEST_TIMEOUT": "1"])
    defer { environment.shutdown() }
    let app = IntentDefinitions(bundleIdentifier: fixtureBundle, environment: environment)
    let message = await errorMessage { try await app.intents["SlowIntent"].makeIntent(seconds: 10).run() }
    #expect(message.contains("did not answer within 1 s"))
    #expect(message.contains("INTENTKIT_TEST_TIMEOUT"))
}

@Test func appThatCannotBeLaunchedReportsItsExitStatusAndStderr() async throws {
    let environment = privateEnvironment(["INTENTKIT_TEST_APP_COM_EXAMPLE_BROKEN": "/bin/false"])
    defer { environment.shutdown() }
    let app = IntentDefinitions(bundleIdentifier: "com.example.Broken", environment: environment)
    let message = await errorMessage { try await app.intents["Any"].makeIntent().run() }
    #expect(message.contains("exited with status 1"))
    #expect(message.contains("before it served"))
}

@Test func unregisteredAppNamesTheRegistryDirectory() async throws {
    let registry = FileManager.default.temporaryDirectory.appendingPathComponent("ikt-empty-\(UUID().uuidString)").path
    let environment = privateEnvironment(["SPOTLIGHT_APPS_DIR": registry])
    defer { environment.shutdown() }
    let app = IntentDefinitions(bundleIdentifier: "com.example.NeverRegistered", environment: environment)
    let message = await errorMessage { _ = try await app.entities["E"].spotlightQuery(nil) }
    #expect(message.contains("com.example.NeverRegistered"))
    #expect(message.contains(registry))
    #expect(message.contains("INTENTKIT_TEST_APP_COM_EXAMPLE_NEVERREGISTERED"))
}

@Test func definitionsDoNothingUntilUsed() {
    let environment = privateEnvironment()
    _ = IntentDefinitions(bundleIdentifier: "com.example.NeverRegistered", environment: environment)
    #expect(environment.directory == nil)
}
