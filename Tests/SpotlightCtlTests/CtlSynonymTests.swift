import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel

/// `spotlightctl synonyms` against a real spotlightd.
@Suite struct CtlSynonymTests {
    @Test func setThenQueryFindsTheRecordBySynonym() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords([Record(bundle: grantedBundle, type: "Note", id: "n1", title: "Television night")])
        let file = daemon.createFile("syn.json", #"{"TV": ["television"]}"#)
        let set = daemon.ctl(["synonyms", "--bundle", grantedBundle, "--set", file.path])
        #expect(set.code == 0)
        #expect(set.stdout == "\(grantedBundle) has 1 synonym term\n")
        #expect(daemon.ctl(["query", "tv", "--json"]).stdout.contains("\"n1\""))
    }

    @Test func jsonShowsTheFoldedTable() async throws {
        let daemon = try await TestDaemon().start()
        let file = daemon.createFile("syn.json", #"{"NYC": ["New York"]}"#)
        #expect(daemon.ctl(["synonyms", "--bundle", grantedBundle, "--set", file.path]).code == 0)
        let run = daemon.ctl(["synonyms", "--bundle", grantedBundle, "--json"])
        #expect(run.code == 0)
        #expect(try run.json([String: [String]].self) == ["nyc": ["new york"]])
    }

    @Test func replaceAndClearDropTheOtherTerms() async throws {
        let daemon = try await TestDaemon().start()
        let first = daemon.createFile("a.json", #"{"tv": ["television"]}"#)
        let second = daemon.createFile("b.json", #"{"film": ["movie"]}"#)
        #expect(daemon.ctl(["synonyms", "--bundle", grantedBundle, "--set", first.path]).code == 0)
        #expect(daemon.ctl(["synonyms", "--bundle", grantedBundle, "--replace", second.path]).code == 0)
        let table = try daemon.ctl(["synonyms", "--bundle", grantedBundle, "--json"]).json([String: [String]].self)
        #expect(table == ["film": ["movie"]])
        #expect(daemon.ctl(["synonyms", "--bundle", grantedBundle, "--clear"]).code == 0)
        #expect(daemon.ctl(["synonyms", "--bundle", grantedBundle]).stdout == "\(grantedBundle) has no synonym terms\n")
    }

    /// Clearing said "has 0 synonym terms" while listing the empty table said "has no synonyms".
    @Test func clearingAndListingAnEmptyTableSayTheSame() async throws {
        let daemon = try await TestDaemon().start()
        let clear = daemon.ctl(["synonyms", "--bundle", grantedBundle, "--clear"])
        #expect(clear.code == 0, "\(clear.stderr)")
        #expect(clear.stdout == "\(grantedBundle) has no synonym terms\n")
        #expect(daemon.ctl(["synonyms", "--bundle", grantedBundle]).stdout == clear.stdout)
    }

    @Test func settingAnUngrantedBundleExits4() async throws {
        let daemon = try await TestDaemon().start()
        let file = daemon.createFile("syn.json", #"{"tv": ["television"]}"#)
        let run = daemon.ctl(["synonyms", "--bundle", "com.example.NotGranted", "--set", file.path])
        #expect(run.code == 4)
    }

    @Test func aFileThatIsNotATableExits1NamingIt() async throws {
        let daemon = try await TestDaemon().start()
        let file = daemon.createFile("syn.json", #"{"tv": "television"}"#)
        let run = daemon.ctl(["synonyms", "--bundle", grantedBundle, "--set", file.path])
        #expect(run.code == 1)
        #expect(run.stderr.contains("\"tv\" is not a list"))
    }

    @Test func aMissingBundleOrTwoActionsAreUsageErrors() async throws {
        let daemon = try await TestDaemon().start()
        #expect(daemon.ctl(["synonyms"]).code == 2)
        #expect(daemon.ctl(["synonyms", "--bundle", grantedBundle, "--clear", "--set", "-"]).code == 2)
    }

    /// A FIFO was refused at once with "cannot read …; check its permissions".
    @Test func aSynonymTableIsReadFromAFifo() async throws {
        let daemon = try await TestDaemon().start()
        let fifo = daemon.root.appendingPathComponent("syn.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Process()   // blocks in open(2) until spotlightctl opens the FIFO to read
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", #"printf '{"tv": ["television"]}' > "$0""#, fifo]
        try writer.run()
        defer { if writer.isRunning { writer.terminate() } }
        let set = daemon.ctl(["synonyms", "--bundle", grantedBundle, "--set", fifo])
        #expect(set.code == 0, "\(set.stderr)")
        #expect(set.stdout == "\(grantedBundle) has 1 synonym term\n")
    }

    /// `--set - < /dev/zero` took memory until the process was killed.
    @Test func anEndlessSynonymInputIsRefusedAtTheMessageLimit() async throws {
        let daemon = try await TestDaemon().start()
        let run = daemon.ctl(["synonyms", "--bundle", grantedBundle, "--set", "/dev/zero"])
        #expect(run.code == 1)
        #expect(run.stderr.contains("/dev/zero holds more than 16 MiB, more than spotlightd takes in one message"), "\(run.stderr)")
    }

    /// A change with `--json` was a usage error, so a script could not read how many terms
    /// the table then held but from the sentence.
    @Test func aChangeWithJSONPrintsTheBundleAndTheTermsTheTableHolds() async throws {
        let daemon = try await TestDaemon().start()
        let file = daemon.createFile("syn.json", #"{"tv": ["television"], "nyc": ["new york"]}"#)
        let run = daemon.ctl(["synonyms", "--bundle", grantedBundle, "--set", file.path, "--json"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(try run.json([String: JSONValue].self) == ["bundle": .string(grantedBundle), "terms": .int(2)])
    }
}
