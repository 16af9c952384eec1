import Foundation
import Testing
@testable import IntentKitTesting

// An app the harness launches writes only inside the test's temporary directory.

@Test func launchedAppHasItsOwnHomeAndXDGDirectoriesInTheTestDirectory() async throws {
    let environment = privateEnvironment()
    defer { environment.shutdown() }
    let app = IntentDefinitions(bundleIdentifier: fixtureBundle, environment: environment)
    let result = try await app.intents["WhereAmIIntent"].makeIntent().run()
    let paths: [String] = try #require([String](appValue: result.value))
    let directory = try #require(environment.directory).path
    let realHome = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
    #expect(paths.count == 5)
    for path in paths {
        #expect(path.hasPrefix(directory + "/"), "\(path) is inside the test's directory")
        #expect(!path.hasPrefix(realHome + "/") || realHome.hasPrefix(directory))
        #expect(FileManager.default.fileExists(atPath: path))
    }
    #expect(paths[1].hasSuffix("/.local/share") && paths[2].hasSuffix("/.config"))
}

@Test func twoAppsGetTwoHomes() async throws {
    let fixturePath = try #require(ProductsDirectory.executable(named: "intentkit-fixture")).path
    IntentDefinitions.register(bundleIdentifier: "com.example.SecondFixture", executable: fixturePath)
    let environment = privateEnvironment()
    defer { environment.shutdown() }
    let first = try await environment.session(for: fixtureBundle)
    let second = try await environment.session(for: "com.example.SecondFixture")
    #expect(first.launcher.environment["HOME"] != nil)
    #expect(first.launcher.environment["HOME"] != second.launcher.environment["HOME"])
}

@Test func launchEnvironmentOverridesTheHarnessDirectories() async throws {
    let environment = privateEnvironment()
    defer { environment.shutdown() }
    let app = XCUIApplication(bundleIdentifier: fixtureBundle, environment: environment)
    app.launchEnvironment["XDG_CACHE_HOME"] = "/tmp/ikt-chosen-cache"
    app.launch()
    let result = try await IntentDefinitions(bundleIdentifier: fixtureBundle, environment: environment)
        .intents["WhereAmIIntent"].makeIntent().run()
    let paths: [String] = try #require([String](appValue: result.value))
    #expect(paths[3] == "/tmp/ikt-chosen-cache")
}
