import Foundation
import SpotlightModel
import SpotlightTestSupport
import Testing

// Opening a result in an app that is slow to start. GNOME Shell waits 25 s for ActivateResult's
// answer (its proxy's default timeout, GDBus's), KRunner sends Run without waiting; the provider
// answered only when the app had shown the record, up to 60 s, so Shell logged "Timeout was
// reached" for an open that then happened after the user gave up. It answers within
// `--answer-within-ms` (20 s) and the open goes on.

/// Makes CometCal take `delay` seconds to start: its manifest names a script that sleeps, then
/// runs CometCal.
private func makeCometCalSlow(_ fixture: DesktopFixture, delay: Int) throws {
    let script = fixture.root.appendingPathComponent("slow-cometcal")
    let cometcal = productsDirectory.appendingPathComponent("cometcal").path
    try Data("#!/bin/sh\nsleep \(delay)\nexec '\(cometcal)' \"$@\"\n".utf8).write(to: script)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
    let manifestURL = URL(fileURLWithPath: fixture.appsDirectory).appendingPathComponent("\(DesktopFixture.cometCal).json")
    var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
    manifest["executable"] = script.path
    try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)
}

/// CometCal taking 5 s to start, with the Supernova event, and a provider started by hand that
/// answers an open within 1 s.
private final class SlowCometCal {
    static let startDelay = 5.0
    let fixture: DesktopFixture
    let key: RecordKey
    private let provider: Process
    private let log: URL

    init() async throws {
        fixture = try await DesktopFixture()
        key = try await fixture.donateSupernovaEvent()
        try makeCometCalSlow(fixture, delay: Int(Self.startDelay))
        (provider, log) = try fixture.startProvider(["--answer-within-ms", "1000", "--idle-exit", "0"])
        guard await waitUntil({ providerLog.contains("serving") }) else {
            throw SessionBusError(message: "the provider did not start: \(providerLog)")
        }
    }

    deinit { stopProcess(provider) }

    var providerLog: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// What `call` answered and how many seconds it took.
    func timed(_ call: () throws -> ProgramRun) rethrows -> (ProgramRun, TimeInterval) {
        let started = Date()
        let run = try call()
        return (run, Date().timeIntervalSince(started))
    }
}

@Test func activateResultAnswersBeforeTheShellGivesUpWhileTheAppIsStillStarting() async throws {
    let slow = try await SlowCometCal()
    let key = slow.key
    let (run, answeredAfter) = try slow.timed {
        try slow.fixture.gdbus("ActivateResult", DesktopFixture.resultID(key), "['supernova']", "0")
    }
    #expect(run.status == 0, "\(run)")
    #expect(answeredAfter < SlowCometCal.startDelay - 0.5, "answered after \(answeredAfter) s, before CometCal started")
    #expect(slow.providerLog.contains("CometCal has not shown \(key) after 1.0 s, still starting or busy; answered the desktop"),
            "\(slow.providerLog)")
    #expect(await slow.fixture.waitForCometCalShowing(key, title: "Supernova Viewing Party"), "the open went on: \(slow.providerLog)")
    #expect(await waitUntil { slow.providerLog.contains("opened \(key) in CometCal with OpenEventIntent (launched it) ") }
            && slow.providerLog.contains(" s after it was picked"), "\(slow.providerLog)")
}

@Test func anAppThatStartsInTimeIsAnsweredWhenItShowsTheResult() async throws {
    let fixture = try await DesktopFixture()
    let key = try await fixture.donateSupernovaEvent()
    let run = try fixture.gdbus("ActivateResult", DesktopFixture.resultID(key), "['supernova']", "0")
    #expect(run.status == 0, "\(run)")
    #expect(fixture.bus.log.contains("opened \(key) in CometCal with OpenEventIntent (launched it)\n"), "\(fixture.bus.log)")
    #expect(!fixture.bus.log.contains("has not shown"), "\(fixture.bus.log)")
}

@Test func launchSearchAnswersBeforeTheShellGivesUpWhileTheAppIsStillStarting() async throws {
    let slow = try await SlowCometCal()
    let (run, answeredAfter) = try slow.timed { try slow.fixture.gdbus("LaunchSearch", "['supernova']", "0") }
    #expect(run.status == 0, "\(run)")
    #expect(answeredAfter < SlowCometCal.startDelay - 0.5, "answered after \(answeredAfter) s, before CometCal started")
    #expect(await slow.fixture.waitForCometCalShowing(slow.key, title: "Supernova Viewing Party"), "the open went on")
}
