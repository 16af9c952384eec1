import Foundation
import SpotlightModel
import SpotlightProtocol
import Testing
@testable import IntentKitTesting

let fixtureBundle = "com.example.IntentKitFixture"
let otherBundle = "com.example.Other"

/// The environment most tests share: the test process may donate as the fixture (which
/// donates nothing itself) and as another bundle, to check what spotlightQuery scopes to.
let sharedFixtureEnvironment = TestEnvironment(grants: [fixtureBundle, otherBundle])
let fixture = IntentDefinitions(bundleIdentifier: fixtureBundle, environment: sharedFixtureEnvironment)

/// An environment of its own, for tests that crash, stop or relaunch the app.
func privateEnvironment(_ variables: [String: String] = [:], grants: [String] = []) -> TestEnvironment {
    TestEnvironment(grants: grants,
                    environment: ProcessInfo.processInfo.environment.merging(variables) { $1 })
}

/// Donates records straight to an environment's spotlightd, as a granted bundle.
func donate(_ records: [Record], in environment: TestEnvironment) async throws {
    _ = try await environment.session(for: fixtureBundle)
    let daemon = try #require(environment.daemon)
    let _: WriteResult = try await daemon.call("donate", DonateParams(records: records))
}

func item(_ id: String, _ title: String, bundle: String = fixtureBundle, type: String = "ItemEntity") -> Record {
    Record(bundle: bundle, type: type, id: id, title: title,
           properties: ["title": .string(title), "flavor": .enumCase("sweet"), "stock": .int(1)])
}

/// The message of the SpotlightError `body` throws.
func errorMessage(_ body: () async throws -> Void) async -> String {
    do {
        try await body()
        return "(no error)"
    } catch let error as SpotlightError {
        return error.message
    } catch {
        return "(not a SpotlightError: \(error))"
    }
}

func processExists(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
    return !(stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("Z") ?? true)
}
