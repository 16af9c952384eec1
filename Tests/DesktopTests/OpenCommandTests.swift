import Foundation
import SpotlightModel
import SpotlightProtocol
import SpotlightWire
import Testing
#if canImport(Glibc)
import Glibc
#endif

// `spotlightctl open BUNDLE TYPE ID`: spotlightd launches the app by bundle and it shows the
// entity; every way it cannot is exit 1 with a reason (3 when spotlightd is not running).

@Test func openShowsTheEventInCometCalAndSaysSo() async throws {
    let fixture = try await DesktopFixture()
    let key = try await fixture.donateSupernovaEvent()
    let run = fixture.ctl("open", key.bundle, key.type, key.id)
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.hasPrefix("opened EventEntity \(key.id) in CometCal (\(key.bundle)) with OpenEventIntent; launched it"),
            "\(run)")
    #expect(await fixture.waitForCometCalShowing(key, title: "Supernova Viewing Party"))
}

@Test func openingAgainUsesTheRunningApp() async throws {
    let fixture = try await DesktopFixture()
    let key = try await fixture.donateSupernovaEvent()
    let first = fixture.ctl("open", key.bundle, key.type, key.id, "--json")
    let second = fixture.ctl("open", key.bundle, key.type, key.id, "--json")
    let decoder = JSONDecoder()
    let firstResult = try decoder.decode(OpenResult.self, from: Data(first.stdout.utf8))
    let secondResult = try decoder.decode(OpenResult.self, from: Data(second.stdout.utf8))
    #expect(firstResult.launched && !secondResult.launched)
    #expect(firstResult.pid != nil && firstResult.pid == secondResult.pid)
}

@Test func openAfterTheAppCrashedLaunchesItAgain() async throws {
    let fixture = try await DesktopFixture()
    let key = try await fixture.donateSupernovaEvent()
    let first = try JSONDecoder().decode(OpenResult.self,
                                         from: Data(fixture.ctl("open", key.bundle, key.type, key.id, "--json").stdout.utf8))
    let crashed = try #require(first.pid)
    kill(crashed, SIGKILL)
    #expect(await waitUntil { kill(crashed, 0) != 0 })
    let run = fixture.ctl("open", key.bundle, key.type, key.id, "--json")
    #expect(run.status == 0, "\(run)")
    let second = try JSONDecoder().decode(OpenResult.self, from: Data(run.stdout.utf8))
    #expect(second.launched && second.pid != crashed)
    #expect(await fixture.waitForCometCalShowing(key, title: "Supernova Viewing Party"))
}

struct OpenFailure: CustomStringConvertible, Sendable {
    let name: String
    let arguments: [String]
    let message: String
    var description: String { name }
}

private let failures = [
    OpenFailure(name: "app not installed", arguments: ["org.example.Gone", "NoteEntity", "n1"],
                message: "org.example.Gone is not installed"),
    OpenFailure(name: "entity gone", arguments: [DesktopFixture.cometCal, "EventEntity", "E404"],
                message: "has no EventEntity \"E404\" to open"),
    OpenFailure(name: "no OpenIntent for the type", arguments: [DesktopFixture.cometCal, "CalendarEntity", "C1"],
                message: "has no OpenIntent for CalendarEntity"),
    OpenFailure(name: "unknown entity type", arguments: [DesktopFixture.cometCal, "NoteEntity", "n1"],
                message: "has no entity type \"NoteEntity\""),
]

@Test(arguments: failures)
func openThatCannotShowTheEntityFailsSayingWhy(_ failure: OpenFailure) async throws {
    let fixture = try await DesktopFixture()
    let run = fixture.ctl(["open"] + failure.arguments)
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains(failure.message), "\(run)")
}

@Test func openWithoutSpotlightdExitsThree() async throws {
    let fixture = try await DesktopFixture(daemon: .notRunning)
    let run = fixture.ctl("open", DesktopFixture.cometCal, "EventEntity", "E1")
    #expect(run.status == 3, "\(run)")
    #expect(run.stderr.contains("spotlightd is not running"), "\(run)")
}

@Test func openOfAnAppThatCannotStartIsAFailureNotSpotlightdDown() async throws {
    let fixture = try await DesktopFixture()
    // A trusted executable (root's, not writable by others) that exits at once: no app service.
    let manifest = #"{"bundleIdentifier":"org.example.Broken","executable":"/bin/false","arguments":["--serve"]}"#
    try Data(manifest.utf8).write(to: URL(fileURLWithPath: fixture.appsDirectory).appendingPathComponent("org.example.Broken.json"))
    let run = fixture.ctl("open", "org.example.Broken", "NoteEntity", "n1")
    #expect(run.status == 1, "\(run)")
    #expect(run.stderr.contains("org.example.Broken could not be reached"), "\(run)")
}

@Test func openOfAnAppWhoseManifestIsRefusedSaysWhyAndExitsFour() async throws {
    let fixture = try await DesktopFixture()
    let manifest = #"{"bundleIdentifier":"org.example.Broken","executable":"/nonexistent/broken","arguments":["--serve"]}"#
    try Data(manifest.utf8).write(to: URL(fileURLWithPath: fixture.appsDirectory).appendingPathComponent("org.example.Broken.json"))
    let run = fixture.ctl("open", "org.example.Broken", "NoteEntity", "n1")
    #expect(run.status == 4, "\(run)")
    #expect(run.stderr.contains("/nonexistent/broken cannot be examined"), "\(run)")
}

@Test func openTakesExactlyThreeArguments() async throws {
    let fixture = try await DesktopFixture(daemon: .notRunning)
    let run = fixture.ctl("open", DesktopFixture.cometCal, "EventEntity")
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("open takes BUNDLE TYPE ID"), "\(run)")
}
