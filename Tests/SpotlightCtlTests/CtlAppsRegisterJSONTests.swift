import Foundation
import Testing

/// `apps register --json` and `apps unregister --json` were refused as printing no JSON, so a
/// script could not register an app and read back what was written where.
@Suite struct CtlAppsRegisterJSONTests {
    static let bundle = "com.example.IntentKitFixture"

    /// What both print.
    private struct Registration: Decodable, Equatable {
        var action: String
        var bundleIdentifier: String
        var manifest: String
        var executable: String?
        var arguments: [String]?
    }

    private func fixture() throws -> String {
        let fixture = productsDirectory.appendingPathComponent("intentkit-fixture").resolvingSymlinksInPath().path
        try #require(FileManager.default.isExecutableFile(atPath: fixture), "build the intentkit-fixture product first")
        return fixture
    }

    @Test func registerJSONPrintsTheManifestItWrote() async throws {
        let daemon = try await TestDaemon().start()
        let fixture = try fixture()
        let run = daemon.ctl(["apps", "register", fixture, "--json"])
        #expect(run.code == 0, "\(run.stderr)")
        let manifest = daemon.appsDirectory + "/\(Self.bundle).json"
        #expect(try run.json(Registration.self) == Registration(action: "registered", bundleIdentifier: Self.bundle,
                                                                manifest: manifest, executable: fixture, arguments: ["--serve"]))
        #expect(FileManager.default.fileExists(atPath: manifest))
    }

    @Test func unregisterJSONPrintsTheManifestItRemoved() async throws {
        let daemon = try await TestDaemon().start()
        let fixture = try fixture()
        try #require(daemon.ctl(["apps", "register", fixture]).code == 0)
        let run = daemon.ctl(["apps", "unregister", Self.bundle, "--json"])
        #expect(run.code == 0, "\(run.stderr)")
        let manifest = daemon.appsDirectory + "/\(Self.bundle).json"
        #expect(try run.json(Registration.self) == Registration(action: "unregistered", bundleIdentifier: Self.bundle,
                                                                manifest: manifest, executable: fixture, arguments: ["--serve"]))
        #expect(!FileManager.default.fileExists(atPath: manifest))
    }

    @Test func unregisterJSONOfAnUnknownBundleIsAJSONError() async throws {
        let daemon = try await TestDaemon().start()
        let run = daemon.ctl(["apps", "unregister", "com.example.Nobody", "--json"])
        #expect(run.code == 1, "\(run.stderr)")
        #expect(run.stdout.isEmpty, "\(run.stdout)")
        #expect(run.stderr.hasPrefix(#"{"error":{"code":"notFound""#), "\(run.stderr)")
    }
}
