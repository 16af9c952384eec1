import Foundation
import Testing
import SpotlightKit
import SpotlightModel

/// A backup of the record store restored over a newer one (what spotlightd's own advice for a
/// lost store says to do) left the index at the newer store's sequence: the store numbered the
/// next donations from its older last change, the index counted them as applied, and they were
/// acknowledged but never found.
@Suite struct StoreRestoredTests {
    @Test func aDonationAfterAnOlderStoreWasRestoredIsFound() async throws {
        let daemon = try DaemonProcess()
        try await daemon.index().indexRecords([note("n1", "heron")])
        #expect(daemon.stop() == .exited(status: 0))
        let store = daemon.dataDirectory + "/store.sqlite"
        let backup = daemon.root + "/backup.sqlite"
        try FileManager.default.copyItem(atPath: store, toPath: backup)
        try daemon.start()
        try await daemon.index().indexRecords([note("n2", "egret"), note("n3", "ibis")])
        #expect(daemon.stop() == .exited(status: 0))
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store + suffix) }
        try FileManager.default.copyItem(atPath: backup, toPath: store)
        try daemon.start()
        try await daemon.index().indexRecords([note("n4", "kingfisher")])
        #expect(try await daemon.index().query(SearchQuery(text: "kingfisher")).hits.map(\.record.id) == ["n4"])
    }
}
