import Foundation
import Testing
import XCTest
@testable import IntentKitTesting

// XCUIApplication() is the app under test of the calling test target, whatever else exists.

@Test func applicationWithoutArgumentsIsTheAppThisTestTargetDependsOn() {
    let app = XCUIApplication(callerFile: #filePath, environment: privateEnvironment())
    #expect(app.bundleIdentifier == fixtureBundle)
}

@Test func applicationWithoutArgumentsDoesNotDependOnTheLatestDefinitions() {
    let environment = privateEnvironment()
    _ = IntentDefinitions(bundleIdentifier: "com.example.Latest", environment: environment)
    #expect(XCUIApplication(callerFile: #filePath, environment: environment).bundleIdentifier == fixtureBundle)
}

@Test(arguments: ["com.example.Named", "com.example.Other"])
func environmentVariableNamesTheAppUnderTest(bundle: String) {
    let app = XCUIApplication(callerFile: #filePath, environment: privateEnvironment(["INTENTKIT_TEST_APP": bundle]))
    #expect(app.bundleIdentifier == bundle)
}

let sampleManifest = """
    // swift-tools-version:6.0
    let package = Package(name: "todo", targets: [
        .executableTarget(name: "todo", dependencies: [.product(name: "IntentKit", package: "spotlight")]),
        .executableTarget(name: "todo-admin"),
        .testTarget(name: "TodoTests", dependencies: [
            "todo", .product(name: "IntentKitTesting", package: "spotlight"), .product(name: "spotlightd", package: "spotlight"),
        ]),
        .testTarget(name: "AdminChecks", dependencies: ["todo-admin"], path: "Tests/Admin"),
    ])
    """

@Test func manifestGivesTheDependenciesOfTheTestTargetThatHoldsTheFile() throws {
    let target = try #require(TestTargetManifest.parse(sampleManifest, sourceFileRelativePath: "Tests/TodoTests/A.swift"))
    #expect(target.name == "TodoTests")
    #expect(target.dependencies.isSuperset(of: ["todo", "IntentKitTesting", "spotlightd"]))
    #expect(!target.dependencies.contains("todo-admin"))
}

@Test func manifestFindsATestTargetByItsPath() throws {
    let target = try #require(TestTargetManifest.parse(sampleManifest, sourceFileRelativePath: "Tests/Admin/Sub/B.swift"))
    #expect(target.name == "AdminChecks")
    #expect(target.dependencies == ["todo-admin"])
}

@Test func fileOutsideEveryTestTargetHasNone() {
    #expect(TestTargetManifest.parse(sampleManifest, sourceFileRelativePath: "Sources/todo/main.swift") == nil)
}

let builtTodo = AppLocator.BuiltApp(executable: "/b/todo", bundle: "com.example.Todo")
let builtNotes = AppLocator.BuiltApp(executable: "/b/notes", bundle: "com.example.Notes")

@Test func theAppTheTargetDependsOnIsChosenAmongSeveral() throws {
    let target = TestTargetManifest(name: "Checks", dependencies: ["notes", "IntentKitTesting"])
    #expect(try AppUnderTest.choose(among: [builtTodo, builtNotes], target: target) == builtNotes)
}

@Test func theAppNamedLikeTheTargetIsChosenWhenTheManifestNamesNone() throws {
    let target = TestTargetManifest(name: "TodoTests", dependencies: [])
    #expect(try AppUnderTest.choose(among: [builtNotes, builtTodo], target: target) == builtTodo)
}

@Test func theOnlyBuiltAppIsChosen() throws {
    #expect(try AppUnderTest.choose(among: [builtNotes], target: nil) == builtNotes)
}

@Test func severalCandidatesAreAnErrorListingThemAndHowToChoose() {
    #expect {
        _ = try AppUnderTest.choose(among: [builtTodo, builtNotes], target: nil)
    } throws: { error in
        let message = (error as? SpotlightError)?.message ?? ""
        return message.contains("todo: com.example.Todo") && message.contains("notes: com.example.Notes")
            && message.contains("INTENTKIT_TEST_APP") && message.contains("XCUIApplication(bundleIdentifier:)")
    }
}

@Test func waitForExistenceWithNoAppSaysWhyAndDoesNotWaitItsTimeout() throws {
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("ikt-no-apps-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: empty) }
    let environment = privateEnvironment(["SPOTLIGHT_TEST_BIN_DIR": empty.path])
    let app = XCUIApplication(callerFile: "/nowhere/Tests/NoTests/X.swift", environment: environment)
    let timeout: TimeInterval = 120
    let started = Date()
    withKnownIssue {
        #expect(!app.staticTexts["Anything"].waitForExistence(timeout: timeout))
    } matching: { issue in
        issue.comments.contains { $0.rawValue.contains("there is no app to look at") }
    }
    #expect(Date().timeIntervalSince(started) < timeout, "it returned without waiting out the timeout")
}

/// The shape of a test class copied from Apple's documentation: the application is a stored
/// property, made when XCTest makes the test object, before any IntentDefinitions exists.
final class StoredApplicationTests: XCTestCase {
    private let app = XCUIApplication()

    override func setUp() async throws {
        app.launch()
    }

    override func tearDown() async throws {
        app.terminate()
    }

    func testStoredApplicationLaunchesTheAppUnderTest() throws {
        XCTAssertEqual(app.bundleIdentifier, fixtureBundle)
        XCTAssertTrue(app.isRunning)
        XCTAssertEqual(app.state, .runningForeground)
        XCTAssertTrue(app.staticTexts["Apple Pie"].waitForExistence(timeout: 5))
    }
}

@Test func anAppReachedByTwoPathsIsOneCandidate() throws {
    let fixturePath = try #require(ProductsDirectory.executable(named: "intentkit-fixture")).path
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ikt-two-paths-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for name in ["fixture-a", "fixture-b"] {
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent(name).path,
                                                   withDestinationPath: fixturePath)
    }
    let apps = AppLocator.builtApps(environment: ["SPOTLIGHT_TEST_BIN_DIR": directory.path])
    #expect(apps.map(\.bundle) == [fixtureBundle])
}
