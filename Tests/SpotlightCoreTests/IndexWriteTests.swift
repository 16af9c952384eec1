import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

@Suite struct IndexWriteTests {
    @Test func replacingTheSameKeyReplacesTheRecord() throws {
        let t = try TempIndex().add(record("1", "Old title"))
        try t.add(record("1", "New title"))
        #expect(try t.index.documentCount() == 1)
        #expect(try t.ids("old") == [])
        #expect(try t.ids("new") == ["1"])
    }

    @Test func deleteRemovesOnlyThatKeyAndMissingKeysAreFine() throws {
        let t = try TempIndex().add(record("1", "Comet"), record("2", "Comet"))
        try t.index.delete([RecordKey(bundle: "com.example.CometCal", type: "EventEntity", id: "1"),
                            RecordKey(bundle: "com.example.CometCal", type: "EventEntity", id: "missing")])
        try t.index.commit(lastAppliedSequence: 2)
        #expect(try t.ids("comet") == ["2"])
    }

    @Test func writableIndexSeesUncommittedChanges() throws {
        let t = try TempIndex()
        try t.index.replace([record("1", "Uncommitted comet")])
        #expect(try t.ids("comet") == ["1"])
    }

    @Test func lastAppliedSequenceRoundTripsThroughACommit() throws {
        let t = try TempIndex()
        #expect(try t.index.lastAppliedSequence() == 0)
        try t.index.replace([record("1", "Comet")])
        try t.index.commit(lastAppliedSequence: 9_000_000_000)
        t.index.close()
        let reader = try SearchIndex.openReadOnly(.local(path: t.path))
        #expect(try reader.lastAppliedSequence() == 9_000_000_000)
    }

    @Test func schemaVersionIsNilWhenFreshAndStoredByCommit() throws {
        let t = try TempIndex()
        #expect(try t.index.storedSchemaVersion() == nil)
        try t.index.commit(lastAppliedSequence: 1)
        #expect(try t.index.storedSchemaVersion() == SearchIndex.schemaVersion)
    }

    @Test func idsThatLookAlikeKeepDistinctUniqueKeys() throws {
        let long = String(repeating: "x", count: 300)
        let keys = [
            RecordKey(bundle: "b", type: "t", id: long),
            RecordKey(bundle: "b", type: "t", id: long + "y"),
            RecordKey(bundle: "b", type: "t1:x", id: "1"),
            RecordKey(bundle: "b", type: "t", id: "1:x1:1"),
            RecordKey(bundle: "b", type: "t", id: "a\0b"),
            RecordKey(bundle: "b", type: "t", id: "a\0c"),
            RecordKey(bundle: "b", type: "t", id: "a"),
        ]
        let terms = keys.map(UniqueKey.term(for:))
        #expect(Set(terms).count == keys.count)
        #expect(terms.allSatisfy { $0.utf8.count <= TermSchema.maxTermBytes })

        let t = try TempIndex()
        try t.index.replace(keys.map { Record(bundle: $0.bundle, type: $0.type, id: $0.id, title: "Same") })
        try t.index.commit(lastAppliedSequence: 1)
        #expect(try t.index.documentCount() == keys.count)
        #expect(try Set(t.ids("same")) == Set(keys.map(\.id)))
    }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func sha256MatchesKnownVectors(message: String, digest: String) {
        #expect(SHA256.hexDigest(of: Array(message.utf8)) == digest)
    }

    @Test func sha256MatchesAMillionAs() {
        #expect(SHA256.hexDigest(of: [UInt8](repeating: 0x61, count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// The store refuses such a donation (EngineLongTermTests); a store that took one earlier
    /// must not stop the index, which hashes the term and still scopes by it.
    @Test func aBundlePastTheTermLimitIsIndexedAndScopedByItsHashedTerm() throws {
        let long = String(repeating: "b", count: 300)
        let t = try TempIndex().add(record("1", "comet", bundle: long), record("2", "comet"))
        #expect(try t.ids("comet", bundles: [long]) == ["1"])
        #expect(try t.ids("comet", bundles: ["com.example.CometCal"]) == ["2"])
    }
}
