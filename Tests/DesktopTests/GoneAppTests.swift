import Foundation
import SpotlightModel
import Testing

/// How an app can be gone while its records are still in the index.
enum GoneApp: String, CaseIterable, CustomStringConvertible {
    /// It never registered, or was unregistered: no manifest.
    case noManifest
    /// Its manifest is still there but its executable was removed.
    case executableRemoved

    var bundle: String { "org.example.\(rawValue)" }
    var description: String { rawValue }

    /// Donates one record of the app (through spotlightctl, granted the bundle) and leaves the
    /// app gone in the way this case says. Returns the record's result identifier.
    func donate(_ fixture: DesktopFixture) throws -> String {
        let file = fixture.root.appendingPathComponent("\(rawValue).jsonl")
        try Data(#"{"type":"NoteEntity","id":"n1","title":"Supernova sketches","subtitle":"Sky notebook"}"#.utf8 + [10])
            .write(to: file)
        let imported = fixture.ctl("import", file.path, "--bundle", bundle)
        guard imported.status == 0 else { throw SessionBusError(message: "import: \(imported)") }
        if self == .executableRemoved {
            let manifest = #"{"bundleIdentifier":"\#(bundle)","executable":"/nonexistent/notebook","arguments":["--serve"],"name":"Notebook","icon":"accessories-text-editor"}"#
            try Data(manifest.utf8).write(to: URL(fileURLWithPath: fixture.appsDirectory).appendingPathComponent("\(bundle).json"))
        }
        return "\(bundle)/NoteEntity/n1"
    }

    /// A manifest whose executable is gone is refused by the registry (its name and icon are
    /// not trusted either), so both show the bundle's last part.
    var shownName: String { rawValue }
}

private func goneFixture() async throws -> DesktopFixture {
    try await DesktopFixture(grants: GoneApp.allCases.map(\.bundle))
}

@Test(arguments: GoneApp.allCases)
func resultsOfAGoneAppAreStillFound(_ gone: GoneApp) async throws {
    let fixture = try await goneFixture()
    let id = try gone.donate(fixture)
    let run = try fixture.gdbus("GetInitialResultSet", "['supernova', 'sketch']")
    #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "(['\(id)'],)", "\(run)")
}

@Test(arguments: GoneApp.allCases)
func metasOfAGoneAppSayNotInstalledHaveNoIconAndCopyTheTitle(_ gone: GoneApp) async throws {
    let fixture = try await goneFixture()
    let id = try gone.donate(fixture)
    let run = try fixture.gdbus("GetResultMetas", "['\(id)']")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("'name': <'Supernova sketches'>"), "\(run)")
    #expect(run.stdout.contains("'description': <'\(gone.shownName) · not installed · Sky notebook'>"), "\(run)")
    #expect(!run.stdout.contains("'icon'") && !run.stdout.contains("'gicon'"), "\(run)")
    #expect(run.stdout.contains("'clipboardText': <'Supernova sketches'>"), "\(run)")
}

@Test(arguments: GoneApp.allCases)
func activatingAGoneAppsResultOpensNothingAndIsNotAnError(_ gone: GoneApp) async throws {
    let fixture = try await goneFixture()
    let id = try gone.donate(fixture)
    let run = try fixture.gdbus("ActivateResult", id, "['supernova']", "0")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "()")
    #expect(await waitUntil { fixture.bus.log.contains("not opening \(gone.bundle)/NoteEntity/n1: \(gone.bundle) is no longer installed") },
            "the bus log: \(fixture.bus.log)")
}

@Test(arguments: GoneApp.allCases)
func krunnerShowsAGoneAppsResultAsInformationalWithoutActions(_ gone: GoneApp) async throws {
    let fixture = try await goneFixture()
    let id = try gone.donate(fixture)
    let match = try fixture.dbusSend("Match", "string:supernova sketches")
    let lines = match.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    guard let start = lines.firstIndex(of: "string \"\(id)\"") else {
        Issue.record("no match for \(id) in \(match)")
        return
    }
    #expect(Array(lines[(start + 1)...(start + 3)]) == ["string \"Supernova sketches\"", "string \"\"", "int32 50"])
    let run = try fixture.dbusSend("Run", "string:\(id)", "string:")
    #expect(run.status == 0, "\(run)")
}

/// The provider's warnings were kept from repeating only while they came one after the other:
/// with two apps whose executables are gone, every search after the app entries' two seconds
/// wrote both warnings again, so typing filled the journal. Each is written once a minute.
@Test func twoGoneAppsWarnOnceEachNotOnEverySearch() async throws {
    let bundles = ["org.example.notebookA", "org.example.notebookB"]
    let fixture = try await DesktopFixture(grants: bundles)
    for bundle in bundles {
        let file = fixture.root.appendingPathComponent("\(bundle).jsonl")
        try Data(#"{"type":"NoteEntity","id":"n1","title":"Quasar sketches"}"#.utf8 + [10]).write(to: file)
        let imported = fixture.ctl("import", file.path, "--bundle", bundle)
        try #require(imported.status == 0, "\(imported)")
        let manifest = #"{"bundleIdentifier":"\#(bundle)","executable":"/nonexistent/notebook","arguments":[]}"#
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: fixture.appsDirectory).appendingPathComponent("\(bundle).json"))
    }
    for _ in 0..<3 {
        let run = try fixture.gdbus("GetInitialResultSet", "['quasar']")
        #expect(run.stdout.components(separatedBy: "NoteEntity").count == 3, "\(run)")
        try await Task.sleep(for: .milliseconds(2200))   // past the app entries' freshness
    }
    for bundle in bundles {
        let warnings = fixture.bus.log.components(separatedBy: "cannot read the manifest of \(bundle) ").count - 1
        #expect(warnings == 1, "\(bundle) warned \(warnings) times; the bus log: \(fixture.bus.log)")
    }
}
