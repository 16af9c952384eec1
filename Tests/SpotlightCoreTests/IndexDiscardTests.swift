import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// Writing on after ``SearchIndex/discardUncommitted()`` keeps the index sound: libxapian
/// 1.4's cancel leaves stale free-list blocks in memory ("Ran off end of freelist", or a
/// block in use handed out again), so CXapian opens the database afresh after it.
@Suite struct IndexDiscardTests {
    /// Deterministic bytes that do not compress (xorshift64).
    struct Noise {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        mutating func data(_ count: Int) -> Data { Data((0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }) }
    }

    @Test func writingOnAfterDiscardsKeepsTheIndexSound() throws {
        let t = try TempIndex()
        var noise = Noise()
        func put(_ n: Int, bytes: Int) throws {
            let document = try XapianDocument()
            try document.setData(noise.data(bytes))
            try document.addBooleanTerm("Qdoc\(n)")
            try t.index.handle.replaceDocument(uniqueTerm: "Qdoc\(n)", document)
        }
        for n in 0..<3000 { try put(n, bytes: 1500) }
        try t.index.commit(lastAppliedSequence: 1)
        for round in 0..<24 {
            // Rewriting a quarter of the documents frees and takes many blocks.
            for _ in 0..<700 { try put(Int(noise.next() % 3000), bytes: 500 + Int(noise.next() % 3000)) }
            if round % 2 == 1 {
                try t.index.discardUncommitted()
            } else {
                try t.index.commit(lastAppliedSequence: UInt64(round + 2))
            }
        }
        #expect(try SearchIndex.check(path: t.path) == [])
        let documents = try t.index.documentCount()
        #expect(documents == 3000)
    }
}
