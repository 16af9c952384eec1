import Foundation
import SpotlightSupervision
import SpotlightModel
import SpotlightTestSupport
import Testing

// GNOME Shell's side: gdbus calls on a private session bus, the provider started by D-Bus
// activation from the files `spotlightctl desktop install` wrote.

@Test func initialResultSetHasTheDonatedEvent() async throws {
    let fixture = try await DesktopFixture()
    let key = try await fixture.donateSupernovaEvent()
    let run = try fixture.gdbus("GetInitialResultSet", "['supernova', 'view']")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "(['\(DesktopFixture.resultID(key))'],)")
}

@Test func initialResultSetOfWordsNobodyDonatedIsEmpty() async throws {
    let fixture = try await DesktopFixture()
    _ = try await fixture.donateSupernovaEvent()
    let run = try fixture.gdbus("GetInitialResultSet", "['quasar', 'brunch']")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "(@as [],)")
}

@Test func subsearchFollowsWhatIsTypedNext() async throws {
    let fixture = try await DesktopFixture()
    let key = try await fixture.donateSupernovaEvent()
    let id = DesktopFixture.resultID(key)
    let narrower = try fixture.gdbus("GetSubsearchResultSet", "['\(id)']", "['supernova', 'viewing', 'par']")
    #expect(narrower.stdout.contains("'\(id)'"), "\(narrower)")
    let other = try fixture.gdbus("GetSubsearchResultSet", "['\(id)']", "['supernova', 'brunch']")
    #expect(other.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "(@as [],)", "\(other)")
}

@Test func resultMetasNameTheEventItsAppAndTheAppsIcon() async throws {
    let fixture = try await DesktopFixture()
    let key = try await fixture.donateSupernovaEvent()
    let id = DesktopFixture.resultID(key)
    let run = try fixture.gdbus("GetResultMetas", "['\(id)']")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("'id': <'\(id)'>"), "\(run)")
    #expect(run.stdout.contains("'name': <'Supernova Viewing Party'>"), "\(run)")
    #expect(run.stdout.contains("'description': <'CometCal · Deep Space · 2026-12-05"), "\(run)")
    #expect(run.stdout.contains("'icon': <('themed', <['x-office-calendar']>)>"), "\(run)")
    #expect(!run.stdout.contains("clipboardText"), "an installed app's result opens; it is not copied")
}

/// GNOME Shell drops every result of a provider whose GetResultMetas answers fewer metas than
/// it asked for (search.js: "Wrong number of result metas"), so an identifier whose record is
/// gone (deleted between the result set and the metas, with the provider restarted meanwhile)
/// or that is not a result still gets a meta, in its place, with a name.
@Test func resultMetasAnswerEveryIdentifierInOrderEvenWhenItsRecordIsGone() async throws {
    let fixture = try await DesktopFixture()
    let key = try await fixture.donateSupernovaEvent()
    let id = DesktopFixture.resultID(key)
    let gone = "\(DesktopFixture.cometCal)/EventEntity/E404"
    let run = try fixture.gdbus("GetResultMetas", "['no-such-result', '\(gone)', '\(id)']")
    #expect(run.status == 0, "\(run)")
    let metas = run.stdout.components(separatedBy: "{'id': <'").dropFirst().map { String($0.prefix { $0 != "}" }) }
    try #require(metas.count == 3, "one meta per identifier: \(run)")
    #expect(metas[0].hasPrefix("no-such-result'>") && metas[0].contains("'name': <'no-such-result'>"), "\(metas[0])")
    #expect(metas[1].hasPrefix("\(gone)'>") && metas[1].contains("'name': <'E404'>"), "\(metas[1])")
    #expect(metas[1].contains("'description': <'CometCal · not in the index'>"), "\(metas[1])")
    #expect(!metas[1].contains("'icon'") && !metas[1].contains("clipboardText"), "\(metas[1])")
    #expect(metas[2].hasPrefix("\(id)'>") && metas[2].contains("'name': <'Supernova Viewing Party'>"), "\(metas[2])")
}

@Test func activateResultOpensTheEventInCometCal() async throws {
    let fixture = try await DesktopFixture()
    let key = try await fixture.donateSupernovaEvent()
    #expect(await fixture.cometCalScreen().isEmpty, "CometCal is not running before the result is activated")
    let run = try fixture.gdbus("ActivateResult", DesktopFixture.resultID(key), "['supernova']", "0")
    #expect(run.status == 0, "\(run)")
    let shown = await fixture.waitForCometCalShowing(key, title: "Supernova Viewing Party")
    let screen = await fixture.cometCalScreen()
    #expect(shown, "CometCal shows \(screen); the bus log: \(fixture.bus.log)")
}

@Test func launchSearchOpensTheBestResult() async throws {
    let fixture = try await DesktopFixture()
    let key = try await fixture.donateSupernovaEvent()
    let run = try fixture.gdbus("LaunchSearch", "['supernova']", "0")
    #expect(run.status == 0, "\(run)")
    #expect(await fixture.waitForCometCalShowing(key, title: "Supernova Viewing Party"))
}

/// "deep space" finds CometCal's calendar first, which no OpenIntent shows; LaunchSearch (the
/// provider's icon in GNOME Shell) answered that failure although events of the calendar were
/// found too. It opens the best result the app can show.
@Test func launchSearchSkipsResultsTheAppCannotShow() async throws {
    let fixture = try await DesktopFixture()
    _ = try await fixture.donateSupernovaEvent()
    let found = try fixture.gdbus("GetInitialResultSet", "['deep', 'space']")
    try #require(found.stdout.hasPrefix("(['\(DesktopFixture.cometCal)/CalendarEntity/"), "the calendar is the best result: \(found)")
    let run = try fixture.gdbus("LaunchSearch", "['deep', 'space']", "0")
    #expect(run.status == 0, "\(run)")
    let shown = await waitUntil { await fixture.cometCalScreen().contains("Calendar: Deep Space") }
    let screen = await fixture.cometCalScreen()
    #expect(shown, "CometCal shows \(screen); the bus log: \(fixture.bus.log)")
}

/// A result of a type no OpenIntent of the app shows (CometCal's calendars) was listed like
/// any other, and activating it failed: nothing opened and Shell only logged the error. The
/// provider cannot tell such a result before it is picked (a manifest does not say which types
/// an app opens); picked, the app that spotlightd started for it is left up on its own screen,
/// as Spotlight opens the app of a result the app cannot continue, and the log says why.
@Test func activatingAResultTheAppCannotShowLeavesTheAppOpenAndIsNotAnError() async throws {
    let fixture = try await DesktopFixture()
    _ = try await fixture.donateSupernovaEvent()
    let found = try fixture.gdbus("GetInitialResultSet", "['deep', 'space']")
    let calendar = try #require(found.stdout.split(separator: "'").first { $0.contains("/CalendarEntity/") }, "\(found)")
    let run = try fixture.gdbus("ActivateResult", String(calendar), "['deep', 'space']", "0")
    #expect(run.status == 0, "\(run)")
    #expect(await !fixture.cometCalScreen().isEmpty, "CometCal is up")
    #expect(fixture.bus.log.contains("CometCal cannot show \(DesktopFixture.cometCal)/CalendarEntity/"), "\(fixture.bus.log)")
    #expect(fixture.bus.log.contains("has no OpenIntent for CalendarEntity"), "\(fixture.bus.log)")
    #expect(fixture.bus.log.contains("it is open on its own screen instead"), "\(fixture.bus.log)")
}

@Test func activatingAResultOfAnEntityTheAppNoLongerHasLeavesTheAppOpenAndLogsWhy() async throws {
    let fixture = try await DesktopFixture()
    _ = try await fixture.donateSupernovaEvent()
    let run = try fixture.gdbus("ActivateResult", "\(DesktopFixture.cometCal)/EventEntity/E404", "['x']", "0")
    #expect(run.status == 0, "\(run)")
    #expect(await !fixture.cometCalScreen().isEmpty, "CometCal is up")
    #expect(fixture.bus.log.contains("has no EventEntity \"E404\" to open"), "\(fixture.bus.log)")
}

@Test func theProviderIntrospectsBothInterfaces() async throws {
    let fixture = try await DesktopFixture()
    let run = try runProgram("gdbus", ["introspect", "--session", "--dest", DesktopFixture.busName,
                                       "--object-path", DesktopFixture.objectPath],
                             environment: fixture.environment.merging(["DBUS_SESSION_BUS_ADDRESS": fixture.bus.address]) { $1 })
    #expect(run.status == 0, "\(run)")
    for member in ["interface org.gnome.Shell.SearchProvider2", "GetResultMetas(in  as identifiers,",
                   "interface org.kde.krunner1", "Match(in  s query,"] {
        #expect(run.stdout.contains(member), "\(member) in \(run.stdout)")
    }
}

@Test func theProviderExitsWhenIdleAndGivesUpItsName() async throws {
    let fixture = try await DesktopFixture(daemon: .notRunning)
    let (provider, log) = try fixture.startProvider(["--idle-exit", "1"])
    defer { stopProcess(provider) }
    #expect(await waitUntil { provider.exitIfEnded != nil }, "still running after its idle time")
    #expect(provider.exitIfEnded == .exited(status: 0))
    let text = try String(contentsOf: log, encoding: .utf8)
    #expect(text.contains("serving org.spotlightlinux.SearchProvider") && text.contains("idle for 1"), "\(text)")
    let owner = try runProgram("gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                                         "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.NameHasOwner",
                                         DesktopFixture.busName],
                               environment: fixture.environment.merging(["DBUS_SESSION_BUS_ADDRESS": fixture.bus.address]) { $1 })
    #expect(owner.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "(false,)", "\(owner)")
}

@Test func aSecondProviderOnTheBusExitsSayingTheNameIsTaken() async throws {
    let fixture = try await DesktopFixture(daemon: .notRunning)
    _ = try fixture.gdbus("GetInitialResultSet", "['x']")   // activates the first
    let (second, log) = try fixture.startProvider([])
    defer { stopProcess(second) }
    #expect(await waitUntil { second.exitIfEnded != nil })
    #expect(second.exitIfEnded == .exited(status: 1))
    let text = try String(contentsOf: log, encoding: .utf8)
    #expect(text.contains("another process owns org.spotlightlinux.SearchProvider on this session bus"), "\(text)")
}

@Test func aProviderWhoseNameASecondTakesWithReplaceExits() async throws {
    let fixture = try await DesktopFixture(daemon: .notRunning)
    let (first, firstLog) = try fixture.startProvider(["--idle-exit", "0"])
    defer { stopProcess(first) }
    #expect(await waitUntil { (try? String(contentsOf: firstLog, encoding: .utf8))?.contains("serving") == true })
    let (second, _) = try fixture.startProvider(["--idle-exit", "2", "--replace"])   // ends by itself
    defer { stopProcess(second) }
    #expect(await waitUntil { first.exitIfEnded != nil }, "the replaced provider is still running")
    #expect(first.exitIfEnded == .exited(status: 0))
    let text = try String(contentsOf: firstLog, encoding: .utf8)
    #expect(text.contains("another provider took org.spotlightlinux.SearchProvider (--replace); exiting"), "\(text)")
}
