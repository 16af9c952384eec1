import Foundation
import SpotlightTestSupport
import Testing
import SpotlightKit
import SpotlightModel
import SpotlightProtocol
import SpotlightSupervision

func note(_ id: String, _ title: String, bundle: String = "com.example.test", type: String = "Note") -> Record {
    Record(bundle: bundle, type: type, id: id, title: title)
}

@Suite struct DaemonDonationTests {
    @Test func aDonationIsFoundByAQuery() async throws {
        let daemon = try DaemonProcess()
        let index = daemon.index()
        try await index.indexRecords([note("1", "Supernova Viewing Party")])
        let hits = try await index.query(SearchQuery(text: "supernova")).hits
        #expect(hits.map(\.record) == [note("1", "Supernova Viewing Party")])
    }

    @Test func everyAcknowledgedDonationIsVisibleToTheNextQuery() async throws {
        let daemon = try DaemonProcess()
        let index = daemon.index()
        for n in 0..<100 {
            try await index.indexRecords([note("n\(n)", "ticket\(n)")])
            #expect(try await index.query(SearchQuery(text: "ticket\(n)")).hits.count == 1, "donation \(n)")
        }
    }

    @Test func eightDonatingClientsAndConcurrentQueriesLoseNothing() async throws {
        let daemon = try DaemonProcess()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in 0..<8 {
                group.addTask {
                    let index = daemon.index()
                    for n in 0..<40 { try await index.indexRecords([note("c\(client)-\(n)", "galaxy \(client) \(n)")]) }
                }
            }
            for _ in 0..<2 {
                group.addTask {
                    let index = daemon.index()
                    for _ in 0..<40 { _ = try await index.query(SearchQuery(text: "galaxy")) }
                }
            }
            try await group.waitForAll()
        }
        let result = try await daemon.index().query(SearchQuery(text: "galaxy", limit: 1000))
        #expect(result.hits.count == 320)
    }

    @Test func clientStateCompareAndSwapAppliesOnlyWithTheExpectedState() async throws {
        let daemon = try DaemonProcess()
        let index = daemon.index()
        try await index.indexRecords([note("1", "one")], clientState: ClientStateSwap(expected: .some(nil), new: Data("v1".utf8)))
        await #expect(throws: SpotlightError.self) {
            try await index.indexRecords([note("2", "two")], clientState: ClientStateSwap(expected: .some(Data("v0".utf8)), new: Data("v2".utf8)))
        }
        #expect(try await index.query(SearchQuery(text: "two")).hits.isEmpty)
        try await index.indexRecords([note("2", "two")], clientState: ClientStateSwap(expected: .some(Data("v1".utf8)), new: Data("v2".utf8)))
        #expect(try await index.clientState(bundle: "com.example.test") == Data("v2".utf8))
    }

    @Test func aToolGrantedOneBundleFetchesItsClientStateWithoutNamingIt() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = daemon.index()
        try await index.indexRecords([note("1", "one")], clientState: ClientStateSwap(expected: nil, new: Data("v1".utf8)))
        #expect(try await index.fetchLastClientState() == Data("v1".utf8))
    }

    /// An empty bundle names the caller's own, as it does in a donation or a delete: the
    /// client state of bundle "" was read as that of no bundle, `{}`, though one was stored.
    @Test func anEmptyBundleReadsTheCallersOwnClientStateAndSynonyms() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = daemon.index()
        try await index.indexRecords([note("1", "one")], clientState: ClientStateSwap(expected: nil, new: Data("v1".utf8)))
        try await index.setSynonyms(["car": ["automobile"]], bundle: "com.example.test")
        #expect(try await index.clientState(bundle: "") == Data("v1".utf8))
        #expect(try await index.synonyms(bundle: "").count == 1)
    }

    @Test func aToolGrantedTwoBundlesIsAskedToNameOne() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test", "com.example.other"])
        let error = await #expect(throws: SpotlightError.self) { try await daemon.index().fetchLastClientState() }
        #expect(error?.code == .invalidInput)
        #expect(error?.message.contains("clientState(bundle:)") == true, "\(String(describing: error))")
    }

    @Test func aDeleteOfAnotherBundleIsRefusedAndLeavesItUntouched() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = daemon.index()
        try await index.indexRecords([note("1", "mine")])
        let error = await #expect(throws: SpotlightError.self) {
            try await index.deleteAllRecords(bundle: "com.example.other")
        }
        #expect(error?.code == .permissionDenied)
        #expect(try await index.query(SearchQuery(text: "mine")).hits.count == 1)
    }

    @Test func anUnregisteredProcessClaimingARegisteredBundleIsRefused() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        try AppRegistry(directory: URL(fileURLWithPath: daemon.appsDirectory))
            .install(AppManifest(bundleIdentifier: "com.example.CometCal", executable: "/usr/bin/true"))
        let error = await #expect(throws: SpotlightError.self) {
            try await daemon.index().indexRecords([note("1", "forged", bundle: "com.example.CometCal")])
        }
        #expect(error?.code == .permissionDenied)
        #expect(try await daemon.index().query(SearchQuery(text: "forged")).hits.isEmpty)
    }

    @Test func aRegisteredAppDonatesUnderItsOwnBundleWithoutNamingIt() async throws {
        let daemon = try DaemonProcess(grants: [])
        try AppRegistry(directory: URL(fileURLWithPath: daemon.appsDirectory)).install(
            AppManifest(bundleIdentifier: "com.example.Self", executable: builtProductsDirectory() + "/" +
                        ((try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) as NSString).lastPathComponent))
        let hello = try await daemon.index().hello()
        #expect(hello.bundle == "com.example.Self")
        try await daemon.index().indexRecords([note("1", "attributed", bundle: "")])
        let hits = try await daemon.index().query(SearchQuery(text: "attributed")).hits
        #expect(hits.map(\.record.bundle) == ["com.example.Self"])
    }

    @Test func aClientReconnectsAfterTheDaemonRestarts() async throws {
        let daemon = try DaemonProcess()
        let index = daemon.index()
        try await index.indexRecords([note("1", "before restart")])
        try daemon.restart()
        try await index.indexRecords([note("2", "after restart")])
        #expect(try await index.query(SearchQuery(text: "restart")).hits.count == 2)
    }

    @Test func theErrorForAMissingDaemonSaysWhereItLookedAndHowToStartIt() async throws {
        let index = SearchableIndex(socketPath: "/tmp/no-such-dir/spotlightd.sock", reconnectWindow: .zero)
        let error = await #expect(throws: SpotlightError.self) { _ = try await index.status() }
        #expect(error?.code == .unavailable)
        #expect(error?.message.contains("/tmp/no-such-dir/spotlightd.sock") == true)
        #expect(error?.message.contains("spotlightd --socket") == true)
    }
}
