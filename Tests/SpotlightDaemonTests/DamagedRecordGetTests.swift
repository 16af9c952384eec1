import Foundation
import SpotlightKit
import SpotlightModel
import SpotlightProtocol
import SpotlightTestSupport
import SpotlightWire
import Testing

/// `get` over the socket: a key whose stored record does not decode is left out of
/// `records`, as a missing key is, and named in `damaged`, which a missing key is not.
@Suite struct DamagedRecordGetTests {
    static let records = ["a", "b", "c"].map {
        Record(bundle: "com.example.test", type: "T", id: $0, title: "comet \($0)")
    }

    @Test func getNamesADamagedKeyApartFromAMissingOne() async throws {
        let daemon = try DaemonProcess()
        try await daemon.index().indexRecords(Self.records)
        _ = daemon.stop()
        #expect(try damageStoredRecord(storePath: daemon.dataDirectory + "/store.sqlite", id: "b") == 0)
        try daemon.start()

        let missing = RecordKey(bundle: "com.example.test", type: "T", id: "never")
        let keys = Self.records.map(\.key) + [missing]
        let result: GetResult = try await RPCClient(socketPath: daemon.socket).call("get", GetParams(keys: keys))
        #expect(result.records.map(\.id) == ["a", "c"])
        #expect(result.damaged == [Self.records[1].key])
        let sound: GetResult = try await RPCClient(socketPath: daemon.socket).call("get", GetParams(keys: [missing]))
        #expect(sound.records.isEmpty)
        #expect(sound.damaged == nil)
    }
}
