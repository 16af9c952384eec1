import Foundation
import SpotlightModel
import Testing

// KRunner's side: dbus-send calls of org.kde.krunner1 on a private session bus.

@Test func matchReturnsTheEventWithItsAppAsSubtextAndCategory() async throws {
    let fixture = try await DesktopFixture()
    let key = try await fixture.donateSupernovaEvent()
    let run = try fixture.dbusSend("Match", "string:supernova")
    #expect(run.status == 0, "\(run)")
    let lines = run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    guard let start = lines.firstIndex(of: "string \"\(DesktopFixture.resultID(key))\"") else {
        Issue.record("no match for the event in \(run.stdout)")
        return
    }
    #expect(Array(lines[(start + 1)...(start + 4)]) == [
        "string \"Supernova Viewing Party\"", "string \"x-office-calendar\"", "int32 30", "double 1",
    ])
    #expect(run.stdout.contains("string \"subtext\"\n") && run.stdout.contains("string \"CometCal · Deep Space · 2026-12-05"),
            "\(run.stdout)")
    #expect(run.stdout.contains("string \"category\"\n"), "\(run.stdout)")
}

@Test func matchOfTheWholeTitleIsAnExactMatch() async throws {
    let fixture = try await DesktopFixture()
    _ = try await fixture.donateSupernovaEvent()
    let run = try fixture.dbusSend("Match", "string:supernova viewing party")
    #expect(run.stdout.contains("int32 100"), "\(run)")
}

/// The search folds accents, so "cafe orbital planning" finds "Café Orbital Planning"; the
/// match was only a possible one (30), ranked under weaker hits KRunner's other runners found,
/// because the exact-title comparison kept the accents (and a doubled space).
@Test func matchOfTheWholeTitleTypedWithoutItsAccentsIsAnExactMatch() async throws {
    let fixture = try await DesktopFixture()
    _ = try await fixture.donateSupernovaEvent()   // seeds "Café Orbital Planning" too
    let run = try fixture.dbusSend("Match", "string:cafe  orbital planning")
    let lines = run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let title = try #require(lines.firstIndex(of: "string \"Café Orbital Planning\""), "\(run)")
    #expect(lines[title + 2] == "int32 100", "\(run)")
}

@Test func runOpensTheEventInCometCal() async throws {
    let fixture = try await DesktopFixture()
    let key = try await fixture.donateSupernovaEvent()
    let run = try fixture.dbusSend("Run", "string:\(DesktopFixture.resultID(key))", "string:")
    #expect(run.status == 0, "\(run)")
    let shown = await fixture.waitForCometCalShowing(key, title: "Supernova Viewing Party")
    let screen = await fixture.cometCalScreen()
    #expect(shown, "CometCal shows \(screen); the bus log: \(fixture.bus.log)")
}

@Test func runOfAnActionTheRunnerDoesNotOfferIsRefused() async throws {
    let fixture = try await DesktopFixture()
    let key = try await fixture.donateSupernovaEvent()
    let run = try fixture.dbusSend("Run", "string:\(DesktopFixture.resultID(key))", "string:delete")
    #expect(run.status != 0)
    #expect(run.stderr.contains("this runner has no action \"delete\""), "\(run)")
    #expect(await fixture.cometCalScreen().isEmpty, "nothing was opened")
}

@Test func actionsAreNoneAndConfigIsEmpty() async throws {
    let fixture = try await DesktopFixture()
    let actions = try fixture.dbusSend("Actions")
    #expect(actions.status == 0, "\(actions)")
    #expect(actions.stdout.contains("array [\n   ]"), "\(actions.stdout)")
    let config = try fixture.dbusSend("Config")
    #expect(config.status == 0 && config.stdout.contains("array [\n   ]"), "\(config)")
}
