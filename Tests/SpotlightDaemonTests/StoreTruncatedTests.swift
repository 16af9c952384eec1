import Foundation
import Testing
import SpotlightKit
import SpotlightModel

/// A record store truncated to 0 bytes beside its index (a file system's repair, a `: >`):
/// SQLite opened it as a new database, so spotlightd served an empty store as sound, said
/// nothing, and kept the index at the old store's sequence, above every new donation's, so
/// what was donated from then on was stored but never found.
@Suite struct StoreTruncatedTests {
    /// A daemon whose store was emptied to 0 bytes while it was stopped, started again.
    func daemonWithTruncatedStore() async throws -> DaemonProcess {
        let daemon = try DaemonProcess()
        try await daemon.index().indexRecords([note("n1", "heron"), note("n2", "egret")])
        #expect(daemon.stop() == .exited(status: 0))
        let store = daemon.dataDirectory + "/store.sqlite"
        #expect(truncate(store, 0) == 0)
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store + suffix) }
        try daemon.start()
        return daemon
    }

    @Test func aStoreTruncatedToNothingBesideItsIndexIsReportedLost() async throws {
        let daemon = try await daemonWithTruncatedStore()
        let status = try await daemon.index().status().index
        #expect(status.indexState == "degraded")
        #expect(status.message?.contains("was empty (0 bytes) while an index existed") == true, "\(status.message ?? "")")
        #expect(daemon.logged("the record store was lost"))
    }

    @Test func aDonationAfterTheStoreWasTruncatedToNothingIsFound() async throws {
        let daemon = try await daemonWithTruncatedStore()
        try await daemon.index().indexRecords([note("n3", "kingfisher")])
        #expect(try await daemon.index().query(SearchQuery(text: "kingfisher")).hits.map(\.record.id) == ["n3"])
    }
}
