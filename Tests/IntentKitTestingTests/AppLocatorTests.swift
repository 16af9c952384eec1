import Foundation
import SpotlightModel
import Testing
@testable import IntentKitTesting

// How the harness finds the app under test.

@Test func environmentKeyUppercasesAndReplacesOtherCharacters() {
    #expect(AppLocator.environmentKey(for: "com.example.apple-samplecode.CometCal")
        == "INTENTKIT_TEST_APP_COM_EXAMPLE_APPLE_SAMPLECODE_COMETCAL")
}

@Test func builtProductsAreSearchedByWhatTheirDescribeReports() throws {
    let dir = try #require(ProductsDirectory.candidates().first {
        FileManager.default.fileExists(atPath: $0.appendingPathComponent("intentkit-fixture").path)
    })
    let found = try AppLocator.scan(dir, for: fixtureBundle)
    #expect(found == dir.appendingPathComponent("intentkit-fixture").path)
    #expect(try AppLocator.scan(dir, for: "com.example.NotBuiltHere") == nil)
}

@Test func environmentVariableNamesTheExecutable() throws {
    let manifest = try AppLocator.manifest(for: "com.example.Named",
                                           environment: ["INTENTKIT_TEST_APP_COM_EXAMPLE_NAMED": "/bin/true"])
    #expect(manifest.executable == "/bin/true")
    #expect(manifest.arguments == ["--serve"])
}

@Test func registeredExecutableComesBeforeTheBuiltProducts() async throws {
    let fixturePath = try #require(ProductsDirectory.executable(named: "intentkit-fixture")).path
    IntentDefinitions.register(bundleIdentifier: "com.example.RegisteredFixture", executable: fixturePath)
    let environment = privateEnvironment()
    defer { environment.shutdown() }
    let definitions = IntentDefinitions(bundleIdentifier: "com.example.RegisteredFixture", environment: environment)
    let result = try await definitions.intents["EchoStringIntent"].makeIntent(value: "registered").run()
    #expect(result.value == "registered")
}

@Test func bundleNotFoundListsTheAppsThatAreBuilt() throws {
    // A bundle identifier off by its case: the message shows the one that is built.
    let environment = ["SPOTLIGHT_APPS_DIR": "/nonexistent/intentkit-testing"]
    let error = #expect(throws: SpotlightError.self) {
        try AppLocator.manifest(for: "com.example.intentkitfixture", environment: environment)
    }
    #expect(error?.message.contains("the IntentKit apps built there are") == true)
    #expect(error?.message.contains("\(fixtureBundle) (intentkit-fixture)") == true)
}

@Test func bundleNotFoundNamesTheProductsDirectoriesAsAlternatives() throws {
    // Two directories read "no executable in A or B describes it", not "in A, B describes it".
    #expect(AppLocator.alternatives(["/a", "/b"]) == "/a or /b")
    #expect(AppLocator.alternatives(["/a", "/b", "/c"]) == "/a, /b or /c")
    #expect(AppLocator.alternatives(["/a"]) == "/a")
    let environment = ["SPOTLIGHT_APPS_DIR": "/nonexistent/intentkit-testing", "SPOTLIGHT_TEST_BIN_DIR": "/nonexistent/bin"]
    let error = #expect(throws: SpotlightError.self) {
        try AppLocator.manifest(for: "com.example.NotBuiltAnywhere", environment: environment)
    }
    #expect(error?.message.contains("no executable in /nonexistent/bin describes it") == true)
}
