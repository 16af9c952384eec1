import Foundation
import SpotlightTestSupport
import Testing
import SpotlightKit
import SpotlightModel

/// rebuild, check, compact and apps against a real spotlightd.
@Suite(.serialized) struct CtlMaintenanceTests {
    @Test func checkReportsASoundIndexAndStore() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(7))
        let run = daemon.ctl(["check", "--json"])
        #expect(run.code == 0)
        struct Check: Decodable {
            var indexPath: String; var indexProblems: [String]; var storeProblems: [String]
            var documentCount: Int; var recordCount: Int
        }
        let check = try run.json(Check.self)
        #expect(check.indexProblems == [])
        #expect(check.storeProblems == [])
        #expect(check.documentCount == 7)
        #expect(check.recordCount == 7)
        #expect(check.indexPath.hasPrefix(daemon.dataDirectory + "/index."))
    }

    @Test func compactSwapsInACompactedIndexThatStillAnswers() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(10))
        let before = try daemon.ctl(["check", "--json"]).json([String: JSONValue].self)["indexPath"]
        let run = daemon.ctl(["compact"])
        #expect(run.code == 0)
        #expect(run.stdout.hasPrefix("compacted the index from "))
        let after = try daemon.ctl(["check", "--json"]).json([String: JSONValue].self)
        #expect(after["indexPath"] != before)
        #expect(after["documentCount"] == .int(10))
        let hits = try daemon.ctl(["query", "supernova", "--json"]).json([String: JSONValue].self)["hits"]
        #expect(hits?.arrayValue?.count == 10)
    }

    @Test func rebuildFromTheStoreReportsTheRecords() async throws {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(12))
        let run = daemon.ctl(["rebuild"])
        #expect(run.code == 0)
        #expect(run.stdout.hasPrefix("rebuilt the index from 12 records in "))
    }

    @Test func rebuildKeepsAnsweringQueriesWhileItRuns() async throws {
        let daemon = try await TestDaemon().start()
        let many = (0..<20_000).map { i in
            Record(bundle: grantedBundle, type: "Note", id: "N\(i)", title: "note \(i) about saturn",
                   keywords: ["k\(i % 97)"], properties: ["n": .int(i)])
        }
        try daemon.importRecords(many)
        let index = SearchableIndex(socketPath: daemon.socket, reconnectWindow: .zero)
        defer { index.close() }
        let rebuild = daemon.spawnCtl(["rebuild"])
        var answeredWhileRebuilding = 0
        while rebuild.process.exitIfEnded == nil {
            let rebuilding = try await index.status().index.indexState == "rebuilding"
            let hits = try await index.query(SearchQuery(text: "note 12345 saturn")).hits
            if rebuilding && hits.map(\.record.id) == ["N12345"] { answeredWhileRebuilding += 1 }
        }
        let result = rebuild.result()
        #expect(result.code == 0)
        #expect(result.stdout.hasPrefix("rebuilt the index from 20000 records"))
        #expect(result.stderr.contains("rebuild: "))
        #expect(answeredWhileRebuilding > 0)
        #expect(try await index.query(SearchQuery(text: "note 19999")).hits.map(\.record.id) == ["N19999"])
    }

    @Test func interruptingARebuildLeavesTheOldIndexInPlace() async throws {
        // No compaction after the import: the index path must stay the one read before.
        let daemon = try await TestDaemon().start(arguments: ["--auto-compact-changes", "0"])
        try daemon.importRecords((0..<20_000).map { Record(bundle: grantedBundle, type: "Note", id: "N\($0)", title: "note \($0)") })
        let before = try daemon.ctl(["check", "--json"]).json([String: JSONValue].self)["indexPath"]
        let index = SearchableIndex(socketPath: daemon.socket, reconnectWindow: .zero)
        defer { index.close() }
        let rebuild = daemon.spawnCtl(["rebuild"])
        while try await index.status().index.rebuildDone ?? 0 == 0, rebuild.process.exitIfEnded == nil {
            try await Task.sleep(for: .milliseconds(20))
        }
        try #require(rebuild.process.exitIfEnded == nil, "the rebuild ended before it could be interrupted")
        kill(rebuild.process.processIdentifier, SIGINT)
        let result = rebuild.result()
        #expect(result.code == 130, "\(result.stderr)")
        #expect(result.stderr.contains("spotlightctl: error: rebuild interrupted: spotlightd cancelled it; the old index stays in place"),
                "\(result.stderr)")
        #expect(try daemon.ctl(["check", "--json"]).json([String: JSONValue].self)["indexPath"] == before)
        #expect(try await index.query(SearchQuery(text: "777 note")).hits.map(\.record.id) == ["N777"])
    }

    /// SIGTERM (`systemctl --user stop spotlightd`) during a rebuild from the store waited for
    /// the whole rebuild: on a large store longer than the unit's TimeoutStopSec=30, after
    /// which systemd SIGKILLs. The stop cancels the rebuild (the old index stays) and exits 0.
    @Test func sigtermDuringARebuildCancelsItAndExitsZero() async throws {
        let daemon = try await TestDaemon().start(arguments: ["--auto-compact-changes", "0"])
        try daemon.importRecords((0..<20_000).map { Record(bundle: grantedBundle, type: "Note", id: "N\($0)", title: "note \($0)") })
        let index = SearchableIndex(socketPath: daemon.socket, reconnectWindow: .zero)
        let rebuild = daemon.spawnCtl(["rebuild"])
        while try await index.status().index.rebuildDone ?? 0 == 0, rebuild.process.exitIfEnded == nil {
            try await Task.sleep(for: .milliseconds(20))
        }
        index.close()
        try #require(rebuild.process.exitIfEnded == nil, "the rebuild ended before spotlightd could be stopped")
        #expect(daemon.daemon.stop(grace: .seconds(30)) == .exited(status: 0))
        let result = rebuild.result()
        #expect(result.code != 0, "\(result.stdout)")
        #expect(result.stderr.contains("spotlightd is stopping: the rebuild was cancelled; the old index stays in place"),
                "\(result.stderr)")
        #expect(daemon.daemon.stderr.contains("stopping: cancelled the running rebuild; the old index stays"),
                "\(daemon.daemon.stderr)")
        #expect(!daemon.daemon.stderr.contains("rebuilt the index"), "\(daemon.daemon.stderr)")
    }

    @Test func rebuildFromAppsRedonatesAndRemovesWhatTheAppNoLongerHas() async throws {
        let bundle = "com.example.apple-samplecode.CometCal"
        let daemon = try TestDaemon()
        let appData = daemon.root.appendingPathComponent("cometcal").path
        try await daemon.start(grants: [bundle], environment: ["COMETCAL_DATA_DIR": appData])
        let cometcal = productsDirectory.appendingPathComponent("cometcal").path
        #expect(daemon.ctl(["apps", "register", cometcal]).code == 0)
        // The app's own store gets the sample data; the index gets one record the app does not have.
        let seed = Process()
        seed.executableURL = URL(fileURLWithPath: cometcal)
        seed.arguments = ["seed"]
        seed.environment = ProcessInfo.processInfo.environment.merging(
            ["COMETCAL_DATA_DIR": appData, "SPOTLIGHT_SOCKET": daemon.socket]) { $1 }
        try seed.run()
        #expect(exitStatus(of: seed) == 0)
        try daemon.importRecords([Record(bundle: bundle, type: "EventEntity", id: "stale", title: "Forgotten meteor")],
                                 bundle: bundle)
        let run = daemon.ctl(["rebuild", "--from-apps", "--bundle", bundle])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\(bundle): re-donated 10, removed 1"), "\(run.stdout)")
        let gone = daemon.ctl(["query", "forgotten meteor", "--json"])
        #expect(try gone.json(SearchResult.self).hits.isEmpty)
        let kept = daemon.ctl(["query", "cosmic ray", "--json"])
        #expect(try kept.json(SearchResult.self).hits.map(\.record.title) == ["Cosmic Ray Calibration"])
    }

    @Test func appsRegisterListsTheAppAndUnregisterRemovesIt() async throws {
        let daemon = try await TestDaemon().start()
        let fixture = productsDirectory.appendingPathComponent("intentkit-fixture").path
        try #require(FileManager.default.isExecutableFile(atPath: fixture), "build the intentkit-fixture product first")
        let register = daemon.ctl(["apps", "register", fixture])
        #expect(register.code == 0)
        #expect(register.stdout.hasPrefix("registered com.example.IntentKitFixture ("))
        struct App: Decodable { var bundleIdentifier: String; var executable: String; var running: Bool; var records: [String: Int]? }
        let apps = try daemon.ctl(["apps", "--json"]).json([App].self)
        #expect(apps.map(\.bundleIdentifier) == ["com.example.IntentKitFixture"])
        #expect(apps.first?.records == [:])
        #expect(FileManager.default.fileExists(atPath: daemon.appsDirectory + "/com.example.IntentKitFixture.json"))
        #expect(daemon.ctl(["apps", "unregister", "com.example.IntentKitFixture"]).code == 0)
        #expect(try daemon.ctl(["apps", "--json"]).json([App].self).isEmpty)
    }

    @Test func appsUnregisterOfAnUnknownBundleSaysWhereItLooked() async throws {
        let daemon = try await TestDaemon().start()
        let run = daemon.ctl(["apps", "unregister", "com.example.Nobody"])
        #expect(run.code == 1)
        #expect(run.stderr.contains("no app with bundle identifier com.example.Nobody is registered in \(daemon.appsDirectory)"))
    }

    @Test func appsRegisterOfAProgramThatIsNotAnAppFails() async throws {
        let daemon = try await TestDaemon().start()
        let run = daemon.ctl(["apps", "register", "/bin/true"])
        #expect(run.code == 1)
        #expect(run.stderr.contains("did not print an app schema"))
        #expect(run.stderr.contains("register an app built with IntentKit"))
    }

    @Test func appsRegisterOfAProgramThatNeverExitsFailsAfterTheDescribeTimeout() async throws {
        let daemon = try await TestDaemon().start()
        let program = daemon.createFile("window-app", "#!/bin/sh\nexec sleep 600\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        let started = ContinuousClock.now
        let run = daemon.ctl(["apps", "register", program.path])
        #expect(run.code == 1)
        #expect(run.stderr.contains("--describe` did not finish within 10 s (it was stopped)"), "\(run.stderr)")
        #expect(ContinuousClock.now - started < .seconds(40))
        #expect(daemon.ctl(["apps"]).stdout.contains("no apps registered"))
    }

    @Test func appsRegisterOfAMissingFileFails() async throws {
        let daemon = try await TestDaemon().start()
        let run = daemon.ctl(["apps", "register", "/nonexistent/app"])
        #expect(run.code == 1)
        #expect(run.stderr.contains("no executable file at /nonexistent/app"))
    }
}
