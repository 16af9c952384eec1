import Foundation
import Testing
import SpotlightModel

/// `spotlightctl status` says which table and revision of an index were found corrupt, and
/// where the copy is kept.
@Suite struct CtlCorruptIndexTests {
    /// Fills the index, stops the daemon and overwrites every block of the termlist table but
    /// the first; returns the path of the damaged generation.
    func damagedTermlist() async throws -> (TestDaemon, String) {
        let daemon = try await TestDaemon().start()
        try daemon.importRecords(sampleRecords(40))
        daemon.stop()
        let generation = daemon.dataDirectory + "/"
            + (try FileManager.default.destinationOfSymbolicLink(atPath: daemon.dataDirectory + "/index"))
        let file = generation + "/termlist.glass"
        let size = try #require(FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        #expect(size > 8192)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.seek(toOffset: 8192)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: size - 8192))
        try handle.close()
        try await daemon.start()
        return (daemon, generation)
    }

    @Test func statusNamesTheCorruptTableAndRevisionAndTheKeptCopy() async throws {
        let (daemon, generation) = try await damagedTermlist()
        struct Status: Decodable {
            struct Index: Decodable { var corruptIndexes: [CorruptIndexCopy]? }
            var index: Index
        }
        let run = daemon.ctl(["status", "--json"])
        #expect(run.code == 0)
        let copy = try #require(try run.json(Status.self).index.corruptIndexes?.first)
        #expect(copy.table == "termlist")
        #expect(copy.path.hasPrefix(generation + ".corrupt-"))
        let revision = try #require(copy.revision)
        let text = daemon.ctl(["status"]).stdout
        #expect(text.contains("corrupt index   termlist table at revision \(revision), moved aside"))
        #expect(text.contains("kept at \(copy.path)"))
    }
}
