import Testing
import SpotlightModel
import SpotlightProtocol
@testable import spotlightctl

/// The words of `spotlightctl status` for states a running daemon passes through too quickly
/// to catch from outside.
@Suite struct CtlStatusTextTests {
    static func status(storeSequence: UInt64, lastApplied: UInt64, documents: Int) -> DaemonStatus {
        let index = IndexStatus(counts: [], recordCount: 5582, documentCount: documents, storeBytes: 1 << 20,
                                indexBytes: 2 << 20, storeSequence: storeSequence, lastAppliedSequence: lastApplied,
                                indexState: "ok")
        return DaemonStatus(index: index, pid: 42, uptimeSeconds: 2, dataDirectory: "/data", socket: "/run/s.sock",
                            version: "1.0")
    }

    @Test func anIndexBehindTheStoreIsSaidToBeCatchingUp() {
        let text = StatusCommand.describe(Self.status(storeSequence: 5590, lastApplied: 4019, documents: 4011))
        #expect(text.contains("records         5582 in the store, 4011 in the index (the index is catching up: 1571 changes to apply)"))
    }

    @Test func anIndexThatAppliedEveryChangeSaysNothingMore() {
        let text = StatusCommand.describe(Self.status(storeSequence: 5590, lastApplied: 5590, documents: 5582))
        #expect(text.contains("records         5582 in the store, 5582 in the index\n"))
    }

    @Test func aRebuildFromTheAppsSaysHowManyAppsAreDone() {
        var status = Self.status(storeSequence: 5590, lastApplied: 5590, documents: 5582)
        status.appRebuildDone = 2
        status.appRebuildTotal = 5
        #expect(StatusCommand.describe(status).contains("rebuild         from the apps: 2 of 5 apps re-donated"))
    }
}
