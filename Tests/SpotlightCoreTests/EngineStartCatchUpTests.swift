import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// The catch-up at start commits on the engine's writer queue, so the commit it schedules
/// for its last changes cannot run at the same time as its own (regression: with a slow
/// start-up commit, two threads were inside one Xapian commit and spotlightd crashed in
/// libxapian during crash-check).
@Suite struct EngineStartCatchUpTests {
    @Test(arguments: 0..<4)
    func aStartThatCatchesUpCommitsOnceAtATimeAndLeavesTheIndexSound(round: Int) throws {
        let fixture = EngineFixture()
        try fixture.open().close()
        // Changes the index never saw (a crash between the store's commit and the index's).
        let store = try RecordStore(path: fixture.directory + "/store.sqlite")
        for start in stride(from: 0, to: 2600, by: 650) {
            _ = try store.upsert((start..<start + 650).map { EngineFixture.event("e\($0)", "orphaned comet \($0) zebra\($0 % 9)x\($0)") })
        }
        store.close()
        var options = SpotlightEngine.Options()
        options.commitDelay = 0   // the scheduled commit fires while the start-up commit runs
        let engine = try SpotlightEngine(dataDirectory: fixture.directory, options: options)
        let status = try engine.status()
        #expect(status.lastAppliedSequence == status.storeSequence)
        engine.close()
        let active = try FileManager.default.destinationOfSymbolicLink(atPath: fixture.directory + "/index")
        #expect(try SearchIndex.check(path: fixture.directory + "/" + active) == [])
        let reader = try SearchIndex.openReadOnly(.local(path: fixture.directory + "/" + active))
        #expect(try reader.documentCount() == 2600)
    }
}
