import Foundation
import SpotlightModel
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

@Test func resultMetasLeaveOutIdentifiersThatAreNotResults() async throws {
    let fixture = try await DesktopFixture()
    let key = try await fixture.donateSupernovaEvent()
    let run = try fixture.gdbus("GetResultMetas", "['no-such-result', '\(DesktopFixture.cometCal)/EventEntity/E404']")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "(@aa{sv} [],)", "\(run)")
    #expect(!run.stdout.contains(key.id))
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

@Test func activatingAResultOfAnEntityTheAppNoLongerHasIsAnErrorThatSaysSo() async throws {
    let fixture = try await DesktopFixture()
    _ = try await fixture.donateSupernovaEvent()
    let run = try fixture.gdbus("ActivateResult", "\(DesktopFixture.cometCal)/EventEntity/E404", "['x']", "0")
    #expect(run.status != 0)
    #expect(run.stderr.contains("org.spotlightlinux.SearchProvider.Error.OpenFailed"), "\(run)")
    #expect(run.stderr.contains("has no EventEntity \"E404\" to open"), "\(run)")
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
