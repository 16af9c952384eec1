import Foundation
import SpotlightKit
import SpotlightModel
import Testing

/// Core Spotlight's error handling, as Apple's documentation writes it, against a real spotlightd.
@Suite struct CoreSpotlightErrorTests {
    /// Ends a batch of one item expecting a client state that is not the stored one.
    static func endWithWrongState(_ daemon: DaemonProcess) async throws {
        let index = CSSearchableIndex(name: "sync", socketPath: daemon.socket)
        index.beginIndexBatch()
        try await index.indexSearchableItems([CSSearchableItem()])
        try await index.endIndexBatch(expectedClientState: Data("v1".utf8), newClientState: Data("v2".utf8))
    }

    @Test func aMismatchedClientStateIsCaughtByApplesErrorTypeAndCode() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        var caught: [String] = []
        do {
            try await Self.endWithWrongState(daemon)
        } catch let error as CSIndexError where error.code == .mismatchedClientState {
            caught.append("as CSIndexError")
        }
        do {
            try await Self.endWithWrongState(daemon)
        } catch CSIndexError.mismatchedClientState {
            caught.append("by code")
        }
        #expect(caught == ["as CSIndexError", "by code"])
    }
}
