import Foundation
import Testing
import SpotlightModel

/// query, status, import, export and delete against a real spotlightd.
@Suite struct CtlRecordTests {
    @Test func queryJSONReturnsTheDonatedRecordExactly() async throws {
        let daemon = try await TestDaemon().start()
        let records = sampleRecords(3)
        try daemon.importRecords(records)
        let run = daemon.ctl(["query", "supernova", "party", "1", "--json"])
        #expect(run.code == 0)
        struct Hit: Decodable { var bundle: String; var type: String; var id: String; var score: Double; var record: Record }
        struct Result: Decodable { var estimatedTotal: Int; var hits: [Hit] }
        let result = try run.json(Result.self)
        #expect(result.hits.map(\.record) == [records[1]])
        #expect(result.hits.first?.id == "R1")
        #expect(result.hits.first?.type == "CalendarEntity")
        #expect(result.hits.first.map { $0.score > 0 } == true)
    }

    @Test func queryPrintsATableOfTitleTypeBundleAndScore() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(1))
        let run = daemon.ctl(["query", "supern"])
        #expect(run.code == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.split(separator: " ", omittingEmptySubsequences: true) == ["TITLE", "TYPE", "BUNDLE", "SCORE"])
        #expect(lines.dropFirst().first?.hasPrefix("Supernova Viewing Party 0  EventEntity  \(grantedBundle)  ") == true)
        #expect(lines.last == "1–1 of about 1")
    }

    @Test func queryWithNoMatchSaysSo() async throws {
        let daemon = try await TestDaemon().start()
        let run = daemon.ctl(["query", "nothing-like-this"])
        #expect(run.code == 0)
        #expect(run.stdout == "no results for \"nothing-like-this\"\n")
    }

    @Test func aPageBeyondTheMatchesSaysHowManyMatchNotThatNothingDoes() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(3))
        let all = daemon.ctl(["query"])
        #expect(all.stdout.hasSuffix("1–3 of about 3\n"))
        #expect(daemon.ctl(["query", "--limit", "0"]).stdout == "none of 3 matches shown (--offset 0, --limit 0)\n")
        #expect(daemon.ctl(["query", "--offset", "5"]).stdout == "none of 3 matches shown (--offset 5, --limit 20)\n")
    }

    /// With `--limit 0` Xapian reads no document, so a phrase's estimate may be 0 while its
    /// upper bound is not: the count comes from the bounds.
    @Test func aPhraseWithLimitZeroSaysAtMostHowManyMatch() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(["Armstrong and Aldrin land on moon", "Moon landing", "Land on the moon"].enumerated().map {
            Record(bundle: grantedBundle, type: "EventEntity", id: "M\($0.offset)", title: $0.element)
        })
        let run = daemon.ctl(["query", "\"land on moon\"", "--limit", "0"])
        #expect(run.stdout.hasPrefix("none of ") && run.stdout.hasSuffix(" matches shown (--offset 0, --limit 0)\n"))
    }

    @Test func statusJSONReportsDirectoriesAndCountsPerBundleAndType() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(5))
        let run = daemon.ctl(["status", "--json"])
        #expect(run.code == 0)
        let status = try run.json(StatusJSON.self)
        #expect(status.running)
        #expect(status.dataDirectory == daemon.dataDirectory)
        #expect(status.socket == daemon.socket)
        #expect(status.appsDirectory == daemon.appsDirectory)
        #expect(status.index.counts == [BundleCount(bundle: grantedBundle, types: ["EventEntity": 3, "CalendarEntity": 2])])
        #expect(status.index.indexState == "ok")
    }

    @Test func importSkipsABadLineNamingItsNumberAndExits5() async throws {
        let daemon = try await TestDaemon().start()
        let good = #"{"bundle":"\#(grantedBundle)","type":"T","id":"1","title":"One"}"#
        let file = daemon.createFile("bad.jsonl", "\(good)\n\n{\"bundle\":\"\(grantedBundle)\",\"type\":\"T\"}\n")
        let run = daemon.ctl(["import", file.path, "--bundle", grantedBundle])
        #expect(run.code == 5)
        #expect(run.stderr.contains("bad.jsonl:3: skipped: not a record: id is missing"))
        #expect(run.stdout == "imported 1 record into \(grantedBundle) (1 bad line skipped)\n")
    }

    /// Lines spotlightd would refuse its whole batch for (an empty key field, a language that
    /// is no tag, a value over the donation limits) cost only themselves.
    @Test func importSkipsALineTheDaemonWouldRefuseAndImportsTheRest() async throws {
        let daemon = try await TestDaemon().start()
        let huge = String(repeating: "x", count: 300 << 10)
        let lines = [#"{"type":"T","id":"ok1","title":"One"}"#, #"{"type":"T","id":"","title":"Empty"}"#,
                     #"{"type":"T","id":"lang","language":"not a tag"}"#, #"{"type":"T","id":"big","title":"\#(huge)"}"#,
                     #"{"type":"T","id":"ok2","title":"Two"}"#]
        let file = daemon.createFile("refused.jsonl", lines.joined(separator: "\n") + "\n")
        let run = daemon.ctl(["import", file.path, "--bundle", grantedBundle])
        #expect(run.code == 5, "\(run.stderr)")
        #expect(run.stderr.contains("refused.jsonl:2: skipped: record \(grantedBundle)/T/ has an empty id"), "\(run.stderr)")
        #expect(run.stderr.contains("refused.jsonl:3: skipped: record \(grantedBundle)/T/lang has language \"not a tag\""))
        #expect(run.stderr.contains("refused.jsonl:4: skipped: record \(grantedBundle)/T/big: title is 307200 bytes"))
        #expect(run.stdout == "imported 2 records into \(grantedBundle) (3 bad lines skipped)\n")
    }

    @Test func strictImportOfAFileWithABadLineImportsNothing() async throws {
        let daemon = try await TestDaemon().start()
        let good = #"{"bundle":"\#(grantedBundle)","type":"T","id":"1","title":"One"}"#
        let file = daemon.createFile("bad.jsonl", "\(good)\nnot json\n")
        let run = daemon.ctl(["import", file.path, "--bundle", grantedBundle, "--strict"])
        #expect(run.code == 1)
        #expect(run.stderr.contains("import stopped at line 2"))
        #expect(try daemon.ctl(["status", "--json"]).json(StatusJSON.self).index.recordCount == 0)
    }

    @Test func importOfARecordOfAnotherBundleIsABadLine() async throws {
        let daemon = try await TestDaemon().start()
        let file = daemon.createFile("other.jsonl", #"{"bundle":"com.example.Other","type":"T","id":"1","title":"x"}"# + "\n")
        let run = daemon.ctl(["import", file.path, "--bundle", grantedBundle])
        #expect(run.code == 5)
        #expect(run.stderr.contains("other.jsonl:1: skipped: the record com.example.Other/T/1 is of bundle com.example.Other"))
    }

    @Test func importGivesALineWithoutABundleTheBundleOfTheImport() async throws {
        let daemon = try await TestDaemon().start()
        let file = daemon.createFile("shows.jsonl", #"{"type":"Show","id":"1","title":"Evening television news"}"# + "\n")
        let run = daemon.ctl(["import", file.path, "--bundle", grantedBundle])
        #expect(run.code == 0)
        #expect(run.stdout == "imported 1 record into \(grantedBundle)\n")
        let status = try daemon.ctl(["status", "--json"]).json(StatusJSON.self)
        #expect(status.index.counts == [BundleCount(bundle: grantedBundle, types: ["Show": 1])])
    }

    @Test func importIntoABundleNotGrantedIsRefusedWithTheGrantHint() async throws {
        let daemon = try await TestDaemon().start()
        let file = daemon.createFile("r.jsonl", #"{"bundle":"com.example.Other","type":"T","id":"1","title":"x"}"# + "\n")
        let run = daemon.ctl(["import", file.path, "--bundle", "com.example.Other"])
        #expect(run.code == 4)
        #expect(run.stderr.contains("restart spotlightd with `--grant com.example.Other`"))
    }

    @Test func importAfterTheDataDirectoryIsDeletedFailsAndStatusSaysRestart() async throws {
        let daemon = try await TestDaemon().start()
        let first = daemon.createFile("first.jsonl", #"{"type":"T","id":"1","title":"One"}"# + "\n")
        #expect(daemon.ctl(["import", first.path, "--bundle", grantedBundle]).code == 0)
        try FileManager.default.removeItem(atPath: daemon.dataDirectory)
        let second = daemon.createFile("second.jsonl", #"{"type":"T","id":"2","title":"Two"}"# + "\n")
        let run = daemon.ctl(["import", second.path, "--bundle", grantedBundle])
        #expect(run.code == 1)
        #expect(run.stderr.contains("not stored: the record store"))
        #expect(!run.stdout.contains("imported"))
        let status = daemon.ctl(["status"])
        #expect(status.stdout.contains("degraded: the record store"))
        #expect(status.stdout.contains("restart the daemon"))
    }

    @Test func importOfAMissingFileSaysWhichFile() async throws {
        let daemon = try await TestDaemon().start()
        let run = daemon.ctl(["import", "/nonexistent/r.jsonl", "--bundle", grantedBundle])
        #expect(run.code == 1)
        #expect(run.stderr.contains("/nonexistent/r.jsonl does not exist; check the path"))
    }

    @Test func exportThenDeleteThenImportReproducesTheSameRecords() async throws {
        let daemon = try await TestDaemon().start()
        let records = sampleRecords(25)
        try daemon.importRecords(records)
        let first = daemon.ctl(["export", "--bundle", grantedBundle])
        #expect(first.code == 0)
        #expect(daemon.ctl(["delete", "--bundle", grantedBundle, "--all", "--yes"]).stdout == "deleted 25 records of \(grantedBundle)\n")
        #expect(daemon.ctl(["export"]).stdout.isEmpty)
        let file = daemon.createFile("export.jsonl", first.stdout)
        #expect(daemon.ctl(["import", file.path, "--bundle", grantedBundle]).code == 0)
        let second = daemon.ctl(["export", "--bundle", grantedBundle])
        #expect(second.stdout == first.stdout)
        let exported = try second.stdout.split(separator: "\n").map { try JSONDecoder().decode(Record.self, from: Data($0.utf8)) }
        #expect(Set(exported) == Set(records))
    }

    @Test func exportOfOneTypeListsOnlyThatType() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(4))
        let run = daemon.ctl(["export", "--type", "CalendarEntity"])
        let ids = try run.stdout.split(separator: "\n").map { try JSONDecoder().decode(Record.self, from: Data($0.utf8)).id }
        #expect(ids == ["R1", "R3"])
    }

    @Test func deleteOffATerminalWithoutYesIsRefusedAndDeletesNothing() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(2))
        let run = daemon.ctl(["delete", "--bundle", grantedBundle, "--all"])
        #expect(run.code == 2)
        #expect(run.stderr.contains("add --yes"))
        #expect(try daemon.ctl(["status", "--json"]).json(StatusJSON.self).index.recordCount == 2)
    }

    @Test func deleteByIdsRemovesOnlyThoseRecords() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(6))
        let run = daemon.ctl(["delete", "--bundle", grantedBundle, "--type", "EventEntity", "--ids", "R0", "R2", "--yes"])
        #expect(run.stdout == "deleted 2 records of \(grantedBundle)\n")
        let ids = daemon.ctl(["export"]).stdout.split(separator: "\n").compactMap {
            try? JSONDecoder().decode(Record.self, from: Data($0.utf8)).id
        }
        #expect(ids == ["R1", "R3", "R5", "R4"])
    }

    @Test func deleteByDomainRemovesTheDomain() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(8))
        let run = daemon.ctl(["delete", "--bundle", grantedBundle, "--domain", "calendar.C1", "--yes"])
        #expect(run.stdout == "deleted 2 records of \(grantedBundle)\n")
    }

    @Test func deleteOfABundleNotGrantedIsRefusedWithTheGrantHint() async throws {
        let daemon = try await TestDaemon().start()
        let run = daemon.ctl(["delete", "--bundle", "com.example.Other", "--all", "--yes"])
        #expect(run.code == 4)
        #expect(run.stderr.contains("--grant com.example.Other"))
    }
}
