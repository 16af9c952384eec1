import Foundation
import Testing

// The files desktops read: what `spotlightctl desktop install` writes, and the repository's
// copies in tools/desktop (made for /usr/local/bin/spotlight-search-provider).

private let files = [
    "applications/org.spotlightlinux.SearchProvider.desktop",
    "dbus-1/services/org.spotlightlinux.SearchProvider.service",
    "gnome-shell/search-providers/org.spotlightlinux.SearchProvider.ini",
    "krunner/dbusplugins/org.spotlightlinux.SearchProvider.desktop",
]

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

private func installed(_ arguments: [String] = [], environment: [String: String] = [:]) throws -> (URL, ProgramRun) {
    let directory = URL(fileURLWithPath: "/tmp/desktop-files-\(UUID().uuidString.prefix(8))")
    var env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    env["XDG_DATA_HOME"] = environment["XDG_DATA_HOME"] ?? directory.path
    let run = try runProgram(productsDirectory.appendingPathComponent("spotlightctl").path,
                             ["desktop", "install"] + arguments, environment: env)
    return (directory, run)
}

/// `key=value` lines of a key file's group.
private func keys(_ text: String) -> [String: String] {
    Dictionary(text.split(separator: "\n").compactMap { line -> (String, String)? in
        guard let eq = line.firstIndex(of: "="), !line.hasPrefix("[") else { return nil }
        return (String(line[..<eq]), String(line[line.index(after: eq)...]))
    }, uniquingKeysWith: { $1 })
}

@Test(arguments: files)
func theRepositorysDesktopFileIsWhatInstallWrites(_ path: String) throws {
    let (directory, run) = try installed(["--provider", "/usr/local/bin/spotlight-search-provider"])
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(run.status == 0, "\(run)")
    let written = try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
    let kept = try String(contentsOf: repository.appendingPathComponent("tools/desktop/\(path)"), encoding: .utf8)
    #expect(written == kept, """
        tools/desktop/\(path) differs from what `spotlightctl desktop install` writes; regenerate it with \
        `spotlightctl desktop install --data-dir tools/desktop --provider /usr/local/bin/spotlight-search-provider`
        """)
}

@Test func theGnomeShellProviderFileNamesTheBusObjectVersionAndAShownAppEntry() throws {
    let (directory, run) = try installed()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(run.status == 0, "\(run)")
    let ini = try String(contentsOf: directory.appendingPathComponent(files[2]), encoding: .utf8)
    #expect(ini.hasPrefix("[Shell Search Provider]\n"))
    let provider = keys(ini)
    #expect(provider["BusName"] == "org.spotlightlinux.SearchProvider")
    #expect(provider["ObjectPath"] == "/org/spotlightlinux/SearchProvider")
    #expect(provider["Version"] == "2")
    let desktopID = try #require(provider["DesktopId"])
    let entry = keys(try String(contentsOf: directory.appendingPathComponent("applications/\(desktopID)"), encoding: .utf8))
    #expect(entry["Type"] == "Application")
    #expect(entry["NoDisplay"] == nil, "GNOME Shell skips a provider whose app entry is hidden")
}

@Test func installStartsTheProviderBesideSpotlightctlByDefault() throws {
    let (directory, run) = try installed()
    defer { try? FileManager.default.removeItem(at: directory) }
    let service = keys(try String(contentsOf: directory.appendingPathComponent(files[1]), encoding: .utf8))
    #expect(service["Name"] == "org.spotlightlinux.SearchProvider")
    #expect(service["Exec"] == productsDirectory.appendingPathComponent("spotlight-search-provider").resolvingSymlinksInPath().path
            || service["Exec"] == productsDirectory.appendingPathComponent("spotlight-search-provider").path, "\(service)")
    let ownPath = productsDirectory.appendingPathComponent("spotlightctl").resolvingSymlinksInPath().path
    #expect(run.stdout.contains("for GNOME also run `sudo \(ownPath) desktop install --system`"), "\(run)")
}

/// sudo does not keep PATH, and a directory named with --data-dir (a staging tree) is the
/// caller's choice: the hint names this spotlightctl by its path, and only for the default.
@Test func installIntoANamedDirectoryGivesNoSystemHint() throws {
    let directory = URL(fileURLWithPath: "/tmp/desktop-stage-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try runProgram(productsDirectory.appendingPathComponent("spotlightctl").path,
                             ["desktop", "install", "--data-dir", directory.path],
                             environment: ProcessInfo.processInfo.environment)
    #expect(run.status == 0, "\(run)")
    #expect(!run.stdout.contains("--system"), "\(run)")
}

@Test func installQuotesAProviderPathWithASpace() throws {
    let (directory, run) = try installed(["--provider", "/opt/my apps/spotlight-search-provider"])
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(run.status == 0, "\(run)")
    let service = keys(try String(contentsOf: directory.appendingPathComponent(files[1]), encoding: .utf8))
    #expect(service["Exec"] == "\"/opt/my apps/spotlight-search-provider\"")
}

@Test func uninstallRemovesEveryFileAndStatusSaysSo() throws {
    let (directory, _) = try installed()
    defer { try? FileManager.default.removeItem(at: directory) }
    let ctl = productsDirectory.appendingPathComponent("spotlightctl").path
    let env = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": directory.path]) { $1 }
    let before = try runProgram(ctl, ["desktop", "status", "--json"], environment: env)
    #expect(before.stdout.components(separatedBy: "\"installed\" : true").count - 1 == files.count, "\(before)")
    let run = try runProgram(ctl, ["desktop", "uninstall"], environment: env)
    #expect(run.status == 0, "\(run)")
    for path in files {
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path), "\(path) is left")
    }
    let after = try runProgram(ctl, ["desktop", "status", "--json"], environment: env)
    #expect(!after.stdout.contains("\"installed\" : true"), "\(after)")
}

/// `install --json` and `uninstall --json` were accepted and printed their sentences, so a
/// script asking for JSON got text it could not parse.
@Test(arguments: ["install", "uninstall"])
func installAndUninstallWithJSONPrintTheFilesAsStatusDoes(_ action: String) throws {
    let (directory, _) = try installed()
    defer { try? FileManager.default.removeItem(at: directory) }
    let env = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": directory.path]) { $1 }
    let run = try runProgram(productsDirectory.appendingPathComponent("spotlightctl").path,
                             ["desktop", action, "--json"], environment: env)
    #expect(run.status == 0, "\(run)")
    struct File: Decodable { var path: String; var installed: Bool; var readBy: String }
    let listed = try JSONDecoder().decode([File].self, from: Data(run.stdout.utf8))
    #expect(listed.map(\.path) == files.map { directory.appendingPathComponent($0).path }, "\(run)")
    #expect(listed.allSatisfy { $0.installed == (action == "install") }, "\(run)")
}
