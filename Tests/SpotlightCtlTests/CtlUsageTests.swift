import Foundation
import Testing
import SpotlightModel

/// The command line itself: help, version, usage errors, a daemon that is not running.
@Suite struct CtlUsageTests {
    /// Every command, as the overview lists them; `synonyms` was missing, so its help went unchecked.
    static let commands = ["query", "status", "rebuild", "import", "export", "delete", "synonyms", "apps", "open",
                           "desktop", "check", "compact"]

    @Test(arguments: commands)
    func helpOfEveryCommandShowsUsageAnExampleAndTheExitCodes(command: String) throws {
        let run = try TestDaemon().ctl([command, "--help"])
        #expect(run.code == 0)
        #expect(run.stdout.contains("USAGE: spotlightctl \(command)"))
        let example = run.stdout.components(separatedBy: "EXAMPLE:\n").dropFirst().first ?? ""
        #expect(example.contains("  spotlightctl \(command)"))
        #expect(run.stdout.contains("3    spotlightd is not running"))
    }

    /// The example opened `EventEntity E8`, an identifier no CometCal has (its events have
    /// UUIDs), so it failed as written; it now shows where the key comes from.
    @Test func openHelpExampleTakesTheKeyFromAQueryHit() throws {
        let run = try TestDaemon().ctl(["open", "--help"])
        let example = run.stdout.components(separatedBy: "EXAMPLE:\n").dropFirst().first ?? ""
        #expect(example.contains("spotlightctl query \"supernova party\" --json"), "\(example)")
        #expect(!example.contains(" E8"), "\(example)")
    }

    @Test func overviewHelpListsEveryCommand() throws {
        let run = try TestDaemon().ctl(["--help"])
        #expect(run.code == 0)
        for command in Self.commands {
            #expect(run.stdout.contains("\n  \(command) "))
        }
    }

    @Test func versionPrintsTheVersion() throws {
        let run = try TestDaemon().ctl(["--version"])
        #expect(run.code == 0)
        #expect(run.stdout == "spotlightctl 0.1.0\n")
    }

    @Test func unknownCommandIsAUsageErrorListingTheCommands() throws {
        let run = try TestDaemon().ctl(["frobnicate"])
        #expect(run.code == 2)
        #expect(run.stderr.contains("unknown command \"frobnicate\"; commands: query, status"))
        #expect(run.stderr.contains("Try 'spotlightctl --help'."))
    }

    /// `spotlightctl --socket` said "no command given".
    @Test(arguments: ["--socket", "--apps-dir"])
    func aGlobalOptionWithoutItsValueSaysSo(option: String) throws {
        let run = try TestDaemon().ctl([option])
        #expect(run.code == 2)
        #expect(run.stderr.contains("\(option) needs a value"), "\(run.stderr)")
    }

    @Test func noCommandIsAUsageError() throws {
        #expect(try TestDaemon().ctl([]).code == 2)
    }

    @Test func unknownOptionIsAUsageErrorNamingTheCommandsOptions() throws {
        let run = try TestDaemon().ctl(["query", "x", "--colour"])
        #expect(run.code == 2)
        #expect(run.stderr.contains("unknown option --colour; query takes --apps-dir, --bundle"))
        #expect(run.stderr.contains("Try 'spotlightctl query --help'."))
    }

    @Test func badLimitIsAUsageError() throws {
        let run = try TestDaemon().ctl(["query", "x", "--limit", "many"])
        #expect(run.code == 2)
        #expect(run.stderr.contains("--limit needs a whole number from 0 to 10000, got many"))
    }

    @Test func daemonNotRunningExits3SayingWhereItLookedAndHowToStartIt() throws {
        let daemon = try TestDaemon()
        let run = daemon.ctl(["query", "party"])
        #expect(run.code == 3)
        #expect(run.stderr.contains("spotlightd is not running at \(daemon.socket)"))
        #expect(run.stderr.contains("start it with `spotlightd --socket \(daemon.socket)`"))
    }

    @Test func statusJSONOfAStoppedDaemonSaysNotRunning() throws {
        let daemon = try TestDaemon()
        let run = daemon.ctl(["status", "--json"])
        #expect(run.code == 3)
        let json = try run.json([String: JSONValue].self)
        #expect(json["running"] == .bool(false))
        #expect(json["socket"] == .string(daemon.socket))
    }

    /// `status --json` of a stopped daemon printed `{"running":false}` and, on stderr, the
    /// JSON error as well: the answer is the object and exit status 3, once.
    @Test func statusJSONOfAStoppedDaemonPrintsNoErrorObjectBesideIt() throws {
        let daemon = try TestDaemon()
        let run = daemon.ctl(["status", "--json"])
        #expect(run.code == 3)
        #expect(run.stderr == "", "\(run.stderr)")
        let json = try run.json([String: JSONValue].self)
        guard case .string(let message)? = json["message"] else {
            Issue.record("no message in \(run.stdout)")
            return
        }
        #expect(message.contains("spotlightd is not running at \(daemon.socket)"), "\(message)")
    }

    @Test func socketFlagWinsOverTheEnvironment() throws {
        let daemon = try TestDaemon()
        let other = daemon.root.appendingPathComponent("other.sock").path
        let run = daemon.ctl(["status", "--socket", other])
        #expect(run.code == 3)
        #expect(run.stderr.contains("not running at \(other)"))
    }

    @Test func rebuildBundleWithoutFromAppsIsAUsageError() throws {
        let run = try TestDaemon().ctl(["rebuild", "--bundle", "com.example.X"])
        #expect(run.code == 2)
        #expect(run.stderr.contains("--bundle goes with --from-apps"))
    }

    @Test func rebuildFromStoreAndFromAppsTogetherIsAUsageError() throws {
        let run = try TestDaemon().ctl(["rebuild", "--from-store", "--from-apps"])
        #expect(run.code == 2)
        #expect(run.stderr.contains("--from-store and --from-apps cannot be used together"))
    }

    @Test func deleteWithoutASelectorIsAUsageError() throws {
        let run = try TestDaemon().ctl(["delete", "--bundle", grantedBundle])
        #expect(run.code == 2)
        #expect(run.stderr.contains("say what to delete"))
    }

    @Test func deleteIdsWithoutTypeIsAUsageError() throws {
        let run = try TestDaemon().ctl(["delete", "--bundle", grantedBundle, "--ids", "a", "b"])
        #expect(run.code == 2)
        #expect(run.stderr.contains("--ids needs --type T"))
    }

    @Test func importWithoutBundleIsAUsageError() throws {
        let run = try TestDaemon().ctl(["import", "records.jsonl"])
        #expect(run.code == 2)
        #expect(run.stderr.contains("import needs --bundle B"))
    }
}
