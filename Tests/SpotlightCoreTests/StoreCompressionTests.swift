import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// The record store keeps each record's JSON as a Zstandard frame (store schema 6) and still
/// reads the zlib streams of schemas 4 and 5 and the plain JSON text written before them
/// (StoredRecordCodec, docs/schema.md).
@Suite struct StoreCompressionTests {
    /// Records that stress the codec: short, large and hardly compressible, large and very
    /// compressible (inflates past the first guess of the buffer), non-ASCII text and NUL.
    static let records: [Record] = {
        var random = SystemRandomNumberGenerator()
        let noise = String((0..<300_000).map { _ in Character(UnicodeScalar(UInt8.random(in: 0x21...0x7E, using: &random))) })
        return [
            Record(bundle: "b", type: "T", id: "short", title: "Supernova party"),
            Record(bundle: "b", type: "T", id: "noise", title: "noise", properties: ["description": .string(noise)]),
            Record(bundle: "b", type: "T", id: "repeats", title: "repeats",
                   properties: ["description": .string(String(repeating: "a", count: 2_000_000))]),
            Record(bundle: "b", type: "T", id: "ünï/東京", title: "Straße ΟΔΥΣΣΕΥΣ 初신성 🚀",
                   subtitle: String(repeating: "Ελληνικά 日本語 ", count: 500), keywords: ["café", "naïve"],
                   properties: ["when": .date(Date(timeIntervalSince1970: 1_780_000_000.25)), "n": .double(-0.0),
                                "list": .array([.string("א\u{0}ב"), .int(.max)])],
                   domain: "ü.b", rankingHint: 7, language: "de"),
        ]
    }()

    /// The raw `json` column of `key`'s row.
    static func storedBlob(_ store: RecordStore, _ key: RecordKey) throws -> Data {
        var blob = Data()
        try store.connection.run("SELECT json FROM records WHERE bundle = ? AND type = ? AND id = ?",
                                 [.utf8(key.bundle), .utf8(key.type), .utf8(key.id)]) { blob = $0.data(0) }
        return blob
    }

    @Test(arguments: records.map(\.id))
    func aRecordRoundTripsExactlyThroughTheCompressedStore(id: String) throws {
        let record = try #require(Self.records.first { $0.id == id })
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.upsert([record])
        let blob = try Self.storedBlob(store, record.key)
        #expect(Array(blob.prefix(4)) == [0x28, 0xB5, 0x2F, 0xFD])   // a Zstandard frame
        let read = try #require(try store.records(for: [record.key]).first)
        #expect(read == record)
        #expect(try StoredJSON.encode(read) == StoredJSON.encode(record))
        #expect(try store.changes(after: 0, limit: 10).first?.record == record)
        #expect(try store.integrityCheck().isEmpty)
    }

    @Test func aStoreOfSchema3HoldingPlainJSONRowsStillReadsAfterTheUpgrade() throws {
        let fixture = try StoreFixture()
        let plain = Self.records[0], compressed = Self.records[3]
        do {
            let store = try fixture.open()
            _ = try store.upsert([plain])
            // As spotlightd of store schema 3 left it: the JSON as text, version 3.
            try store.connection.run("UPDATE records SET json = ?", [.blob(try StoredJSON.encode(plain))])
            try store.connection.execute("PRAGMA user_version = 3")
        }
        let store = try fixture.open()
        #expect(try Self.storedBlob(store, plain.key).first == UInt8(ascii: "{"))
        _ = try store.upsert([compressed])
        #expect(try store.records(for: [plain.key, compressed.key]) == [plain, compressed])
        #expect(try store.allIDs() == [plain.id, compressed.id].sorted())
        #expect(try store.integrityCheck().isEmpty)
        var version: Int64 = 0
        try store.connection.run("PRAGMA user_version", []) { version = $0.int64(0) }
        #expect(version == storeSchemaVersion)
    }

    /// A row as store schema 5 wrote it: the JSON text as a zlib stream at deflate level 1
    /// (Python: `zlib.compressobj(1)`), made once and kept here as its bytes.
    static let zlibRow = (key: RecordKey(bundle: "b", type: "T", id: "zlib"), blob: Data(hex:
        "78011d8c410a80201405af226fed3602cf11b4cefcd00753d1dfc2c4bba76d86d9cc34d827384f30b0d06037e4f53c3de598"
        + "280b53816908131c0466ed5d4358fe68cf2c4241d9aa8ac44caa9c17dd875ac6406a9adf0dfd03a0b22105"))

    @Test func aStoreOfSchema5HoldingZlibRowsStillReadsThemAfterTheUpgrade() throws {
        let fixture = try StoreFixture()
        let fresh = Self.records[0]
        do {
            let store = try fixture.open()
            _ = try store.upsert([Record(bundle: "b", type: "T", id: "zlib", title: "placeholder")])
            // As spotlightd of store schema 5 left it: the zlib stream, version 5.
            try store.connection.run("UPDATE records SET json = ?", [.blob(Self.zlibRow.blob)])
            try store.connection.execute("PRAGMA user_version = 5")
        }
        let store = try fixture.open()
        _ = try store.upsert([fresh])
        let old = Record(bundle: "b", type: "T", id: "zlib", title: "Written by store schema 5", properties: ["n": .int(7)])
        #expect(try store.records(for: [Self.zlibRow.key, fresh.key]) == [old, fresh])
        #expect(try Self.storedBlob(store, Self.zlibRow.key) == Self.zlibRow.blob)   // never rewritten
        #expect(try Self.storedBlob(store, fresh.key).first == 0x28)
        #expect(try store.integrityCheck().isEmpty)
        var version: Int64 = 0
        try store.connection.run("PRAGMA user_version", []) { version = $0.int64(0) }
        #expect(version == storeSchemaVersion)
    }

    /// A zlib row with a byte flipped fails its Adler-32 or its structure: corrupt, not other text.
    @Test func anAlteredZlibRowIsCorrupt() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.upsert([Record(bundle: "b", type: "T", id: "zlib", title: "placeholder")])
        var blob = Self.zlibRow.blob
        blob[blob.count / 2] ^= 0x20
        try store.connection.run("UPDATE records SET json = ?", [.blob(blob)])
        let error = try #require(throws: SpotlightError.self) { try store.records(for: [Self.zlibRow.key]) }
        #expect(error.code == .corrupt)
    }

    /// A frame with a byte flipped (its checksum or its structure fails), cut short, or
    /// bytes that are no stored form.
    @Test(arguments: ["flipped", "truncated", "garbage"])
    func aCorruptedCompressedBlobIsCorruptNamingItsKey(damage: String) throws {
        let record = Self.records[3]
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.upsert([record])
        var blob = try Self.storedBlob(store, record.key)
        switch damage {
        case "flipped": blob[blob.count / 2] ^= 0x20
        case "truncated": blob = blob.prefix(blob.count - 9)
        default: blob = Data("not a record".utf8)
        }
        try store.connection.run("UPDATE records SET json = ?", [.blob(blob)])
        let error = try #require(throws: SpotlightError.self) { try store.records(for: [record.key]) }
        #expect(error.code == .corrupt)
        #expect(error.message.contains("\(record.key)"))
        #expect(throws: SpotlightError.self) { try store.forEachRecord(bundle: nil, batchSize: 10) { _ in } }
        #expect(try store.integrityCheck() == ["record \(record.key) does not decode (neither JSON text nor a sound Zstandard frame or zlib stream of it)"])
    }

    @Test func exportOfACompressedStoreGivesTheSameJSONAsOfPlainRows() async throws {
        let fixture = EngineFixture()
        var engine = try fixture.open()
        _ = try await engine.write(.upsert(Self.records, clientState: nil))
        let compressed = try engine.exportPage(bundle: nil, type: nil, after: nil, limit: 100).records
        engine.close()
        let store = try RecordStore(path: fixture.directory + "/store.sqlite")
        for record in Self.records {
            try store.connection.run("UPDATE records SET json = ? WHERE id = ?",
                                     [.blob(try StoredJSON.encode(record)), .utf8(record.id)])
        }
        store.close()
        engine = try fixture.open()
        defer { engine.close() }
        let plain = try engine.exportPage(bundle: nil, type: nil, after: nil, limit: 100).records
        #expect(compressed.count == Self.records.count)
        #expect(try compressed.map(StoredJSON.encode) == plain.map(StoredJSON.encode))
        #expect(try compressed.map(StoredJSON.encode) == Self.records.sorted { $0.id < $1.id }.map(StoredJSON.encode))
    }
}

private extension Data {
    /// The bytes of a string of hex digit pairs.
    init(hex: String) {
        let digits = Array(hex.utf8)
        self.init((0..<digits.count / 2).map { UInt8(String(decoding: digits[2 * $0...2 * $0 + 1], as: UTF8.self), radix: 16)! })
    }
}
