import Foundation
import SpotlightModel
import SpotlightTestSupport
import Testing

/// spotlightctl's side of issue 14: import and export keep numbers exact; `apps` shows the
/// manifests spotlightd refuses and why.
@Suite struct CtlIntegrityTests {
    @Test func importThenExportKeepsEveryEdgeNumber() async throws {
        let daemon = try await TestDaemon().start()
        let line = #"{"bundle":"\#(grantedBundle)","type":"T","id":"e","title":"edges","properties":{"a":{"int":9007199254740993},"b":{"int":9223372036854775807},"c":{"int":-9223372036854775808},"d":{"double":-0.0},"e":{"double":1e308},"f":{"double":5e-324}}}"#
        let file = daemon.createFile("edges.jsonl", line + "\n")
        #expect(daemon.ctl(["import", file.path, "--bundle", grantedBundle]).code == 0)
        let exported = daemon.ctl(["export", "--bundle", grantedBundle]).stdout
        let record = try JSONValue.parse(Data(exported.utf8)).decode(Record.self)
        #expect(record.properties["a"] == .int(9_007_199_254_740_993))
        #expect(record.properties["b"] == .int(.max))
        #expect(record.properties["c"] == .int(.min))
        guard case .double(let d)? = record.properties["d"], case .double(let e)? = record.properties["e"],
              case .double(let f)? = record.properties["f"] else {
            Issue.record("the doubles did not come back as doubles: \(exported)")
            return
        }
        #expect(d.bitPattern == (-0.0).bitPattern && e == 1e308 && f.bitPattern == Double.leastNonzeroMagnitude.bitPattern)
    }

    @Test func importSkipsALineWhoseNumberDoesNotFitNamingTheRecordAndProperty() async throws {
        let daemon = try await TestDaemon().start()
        let bad = #"{"bundle":"\#(grantedBundle)","type":"T","id":"x","properties":{"n":{"int":9223372036854775808}}}"#
        let file = daemon.createFile("bad.jsonl", bad + "\n")
        let run = daemon.ctl(["import", file.path, "--bundle", grantedBundle])
        #expect(run.code == 5)
        #expect(run.stderr.contains("bad.jsonl:1: skipped: record \(grantedBundle)/T/x: property n is"), "\(run.stderr)")
    }

    /// A record field (not a property) holding a number that does not fit was reported as
    /// "2.5 is not a whole number Int holds exactly", naming no field.
    @Test func importSkipsALineWhoseFieldNumberDoesNotFitNamingTheField() async throws {
        let daemon = try await TestDaemon().start()
        let file = daemon.createFile("bad.jsonl", #"{"type":"T","id":"x","title":"x","rankingHint":2.5}"# + "\n")
        let run = daemon.ctl(["import", file.path, "--bundle", grantedBundle])
        #expect(run.code == 5)
        #expect(run.stderr.contains("bad.jsonl:1: skipped: rankingHint: 2.5 is not a whole number"), "\(run.stderr)")
    }

    @Test func appsListsARefusedManifestWithItsReasonAndExits5() async throws {
        let daemon = try await TestDaemon().start()
        try FileManager.default.createDirectory(atPath: daemon.appsDirectory, withIntermediateDirectories: true)
        let manifest = #"{"bundleIdentifier":"com.example.apple-samplecode.CometCal","executable":"/usr/bin/socat","arguments":[]}"#
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: daemon.appsDirectory + "/evil.json"))
        let table = daemon.ctl(["apps"])
        #expect(table.code == 5)
        #expect(table.stdout.contains("REFUSED"))
        #expect(table.stdout.contains("refused \(daemon.appsDirectory)/evil.json: its file name is not its bundle identifier"),
                "\(table.stdout)")
        struct App: Decodable { var file: String; var bundleIdentifier: String; var refused: String? }
        let apps = try daemon.ctl(["apps", "--json"]).json([App].self)
        #expect(apps.map(\.file) == ["evil.json"])
        #expect(apps.first?.refused?.contains("must be com.example.apple-samplecode.CometCal.json") == true)
    }
}

/// A stored record that does not decode costs only itself: `check` names it and says how to
/// mend it, queries answer with the rest, and `export` carries the rest.
@Suite struct CtlDamagedRecordTests {
    /// A daemon holding five sample records, the third of which no longer decodes.
    private func daemonWithADamagedRecord() async throws -> TestDaemon {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(5))
        daemon.stop()
        #expect(try damageStoredRecord(storePath: daemon.dataDirectory + "/store.sqlite", id: sampleRecord(2).id) == 0)
        try await daemon.start()
        return daemon
    }

    @Test func checkNamesADamagedRecordAndSaysHowToMendIt() async throws {
        let daemon = try await daemonWithADamagedRecord()
        let check = daemon.ctl(["check"])
        #expect(check.code == 5)
        #expect(check.stdout.contains("record \(sampleRecord(2).key) does not decode"), "\(check.stdout)")
        #expect(check.stderr.contains("1 stored record does not decode and is left out of the index and of answers; donate it again"),
                "\(check.stderr)")
        let hits = try daemon.ctl(["query", "supernova", "--json"]).json([String: JSONValue].self)["hits"]
        #expect(hits?.arrayValue?.count == 4)
    }

    @Test func exportSkipsADamagedRecordNamingItAndExits5() async throws {
        let daemon = try await daemonWithADamagedRecord()
        let export = daemon.ctl(["export", "--bundle", grantedBundle])
        #expect(export.code == 5)
        let ids = try export.stdout.split(separator: "\n").map { try JSONValue.parse(Data($0.utf8)).decode(Record.self).id }
        #expect(ids.sorted() == [0, 1, 3, 4].map { sampleRecord($0).id })
        #expect(export.stderr.contains("skipped \(sampleRecord(2).key): its stored record does not decode"), "\(export.stderr)")
    }
}
