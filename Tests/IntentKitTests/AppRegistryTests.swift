import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import SpotlightSupervision
import SpotlightTestSupport
import SpotlightWire
import Testing

/// A fresh registry directory under the temporary directory.
func temporaryRegistry() throws -> AppRegistry {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("intentkit-registry-\(UUID().uuidString)")
    return AppRegistry(directory: dir)
}

@Test func manifestRoundTripsThroughTheRegistry() throws {
    let registry = try temporaryRegistry()
    defer { try? FileManager.default.removeItem(at: registry.directory) }
    let manifest = AppManifest(bundleIdentifier: "com.example.Todo", executable: "/usr/bin/true")
    try registry.install(manifest)
    #expect(try registry.manifest(for: "com.example.Todo") == manifest)
    #expect(try registry.manifests() == [manifest])
}

@Test func anInstalledManifestIsPrivateAndAcceptedButAManifestNamingAMissingExecutableIsRefused() throws {
    let registry = try temporaryRegistry()
    defer { try? FileManager.default.removeItem(at: registry.directory) }
    try registry.install(AppManifest(bundleIdentifier: "com.example.Gone", executable: "/nonexistent/gone"))
    try registry.install(AppManifest(bundleIdentifier: "com.example.Here", executable: "/usr/bin/true"))
    let attributes = try FileManager.default.attributesOfItem(atPath: registry.directory.path + "/com.example.Here.json")
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let entries = try registry.entries()
    #expect(entries.map(\.file) == ["com.example.Gone.json", "com.example.Here.json"])
    #expect(entries[0].refusal?.contains("/nonexistent/gone cannot be examined") == true)
    #expect(entries[1].refusal == nil)
    #expect(try registry.manifests().map(\.bundleIdentifier) == ["com.example.Here"])
    let error = #expect(throws: SpotlightError.self) { try registry.manifest(for: "com.example.Gone") }
    #expect(error?.code == .permissionDenied)
}

@Test func aManifestFoundationsJSONDecoderWouldTrapOnIsRefusedAsNoManifest() throws {
    let registry = try temporaryRegistry()
    defer { try? FileManager.default.removeItem(at: registry.directory) }
    try registry.install(AppManifest(bundleIdentifier: "com.example.Here", executable: "/usr/bin/true"))
    let path = registry.directory.path + "/com.example.Nested.json"
    try #require(FileManager.default.createFile(atPath: path, contents: Data(textEndingAtFoundationsNestingLimit.utf8),
                                                attributes: [.posixPermissions: 0o600]))
    let entries = try registry.entries()
    #expect(entries.map(\.file) == ["com.example.Here.json", "com.example.Nested.json"])
    #expect(entries[1].refusal?.hasPrefix("it is not an app manifest") == true)
    #expect(try registry.manifests().map(\.bundleIdentifier) == ["com.example.Here"])
}

@Test func unregisteredBundleErrorNamesTheRegistryDirectory() throws {
    let registry = try temporaryRegistry()
    let error = #expect(throws: SpotlightError.self) { try registry.manifest(for: "com.example.Missing") }
    #expect(error?.code == .notFound)
    #expect(error?.message.contains(registry.directory.path) == true)
    #expect(error?.message.contains("--install") == true)
}

@Test func registryDirectoryFollowsTheEnvironment() {
    #expect(AppRegistry.defaultDirectory(environment: ["SPOTLIGHT_APPS_DIR": "/r", "XDG_DATA_HOME": "/x"]).path == "/r")
    #expect(AppRegistry.defaultDirectory(environment: ["XDG_DATA_HOME": "/x"]).path == "/x/spotlight/apps")
    #expect(AppRegistry.defaultDirectory(environment: ["HOME": "/h"]).path == "/h/.local/share/spotlight/apps")
}

@Test func bundleIdentifierThatCannotNameAFileIsRejected() throws {
    let registry = try temporaryRegistry()
    #expect(throws: SpotlightError.self) { try registry.manifestURL(for: "../evil") }
}

/// The fixture app's executable, built next to the test bundle.
func fixtureExecutable() throws -> URL {
    let candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
                      Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
    for dir in candidates {
        let url = dir.appendingPathComponent("intentkit-fixture")
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    throw SpotlightError(.notFound, "intentkit-fixture is not in \(candidates.map(\.path)); run swift build --build-tests")
}

/// Runs the fixture with arguments; returns its standard output and exit status.
func runFixture(_ arguments: [String], environment: [String: String]? = nil) throws -> (output: Data, status: Int32) {
    let process = Process()
    process.executableURL = try fixtureExecutable()
    process.arguments = arguments
    if let environment { process.environment = environment }
    let pipe = closeOnExecPipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    return (output, process.waitForExit(within: .seconds(60))?.shellStatus ?? -1)
}

@Test func fixtureDescribePrintsItsSchema() throws {
    let (output, status) = try runFixture(["--describe"])
    #expect(status == 0)
    let schema = try JSONDecoder().decode(AppSchema.self, from: output)
    #expect(schema.bundleIdentifier == "com.example.IntentKitFixture")
    #expect(schema.intents.map(\.name).contains("EchoItemIntent"))
    #expect(!schema.intents.map(\.name).contains("HiddenTestIntent"))
    #expect(schema.entities.map(\.name) == ["ItemEntity", "GhostEntity", "ShelfBookEntity", "LockerEntity"])
    #expect(schema.enums.first?.cases.map(\.rawValue) == ["sweet", "sour", "salty"])
}

@Test func fixtureInstallWritesItsManifest() throws {
    let registry = try temporaryRegistry()
    defer { try? FileManager.default.removeItem(at: registry.directory) }
    var environment = ProcessInfo.processInfo.environment
    environment["SPOTLIGHT_APPS_DIR"] = registry.directory.path
    let (_, status) = try runFixture(["--install"], environment: environment)
    #expect(status == 0)
    let manifest = try registry.manifest(for: "com.example.IntentKitFixture")
    let executable = try fixtureExecutable().resolvingSymlinksInPath().path
    #expect(manifest.executable == executable)
    #expect(manifest.arguments == ["--serve"])
}
