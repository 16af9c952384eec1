import Foundation
import Testing
@testable import IntentKitTesting

// How long a file an intent returns (an IntentFile made from Data) stays on disk: in the app's
// directory under $TMPDIR/intentkit-files while among its newest 64, gone when the app stops.

/// Runs the fixture's ShoutFileIntent on a fresh note in `environment`; the returned file's URL.
private func shout(_ text: String, in environment: TestEnvironment) async throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shout-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let note = directory.appendingPathComponent("note.txt")
    try Data(text.utf8).write(to: note)
    let shouted = try await IntentDefinitions(bundleIdentifier: fixtureBundle, environment: environment)
        .intents["ShoutFileIntent"].makeIntent(note: note).run()
    return try shouted.value.as(URL.self)
}

@Test func aReturnedFileIsRemovedWhenTheAppServiceStops() async throws {
    let environment = privateEnvironment()
    defer { environment.shutdown() }
    let returned = try await shout("bye", in: environment)
    #expect(FileManager.default.fileExists(atPath: returned.path))
    await (try await environment.session(for: fixtureBundle)).launcher.terminate()
    #expect(!FileManager.default.fileExists(atPath: returned.path))
}

@Test func anAppKeepsOnlyItsNewest64ReturnedFiles() async throws {
    let environment = privateEnvironment()
    defer { environment.shutdown() }
    var returned: [URL] = []
    for number in 0...64 { returned.append(try await shout("note \(number)", in: environment)) }
    #expect(!FileManager.default.fileExists(atPath: returned[0].path))
    #expect(returned.dropFirst().allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
    #expect(try String(contentsOf: returned[64], encoding: .utf8) == "NOTE 64")
}
