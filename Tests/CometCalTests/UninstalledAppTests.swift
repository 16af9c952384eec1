import Foundation
import SpotlightKit
import SpotlightModel
import Testing

/// An app spotlightd does not know (never installed) is a tool to it; its donations must not
/// land in the one bundle a tool was granted (the README's `spotlightd --grant org.debian.calendar`).
@Suite("cometcal not installed")
struct UninstalledAppTests {
    static let granted = "org.debian.calendar"

    @Test func seedOfAnUninstalledAppIsRefusedSayingToInstallIt() throws {
        let fixture = try CommandLineFixture(grants: [Self.granted], install: false)
        let seeded = try fixture.cometcal("seed")
        #expect(seeded.status == 1)
        #expect(seeded.stderr.contains("cometcal --install"), "\(seeded.stderr)")
        #expect(seeded.stderr.contains("does not know this process as the app com.example.apple-samplecode.CometCal"), "\(seeded.stderr)")
    }

    @Test func anUninstalledAppStoresNothingInTheBundleGrantedToTools() async throws {
        let fixture = try CommandLineFixture(grants: [Self.granted], install: false)
        _ = try fixture.cometcal("seed")
        let index = SearchableIndex(socketPath: fixture.socket, reconnectWindow: .seconds(1))
        defer { index.close() }
        let stored = try await index.query(SearchQuery(text: nil)).hits.map(\.record.key)
        #expect(stored.isEmpty, "stored: \(stored)")
    }

    @Test func anUninstalledAppGrantedItsOwnBundleDonatesIntoIt() async throws {
        let fixture = try CommandLineFixture(grants: [Self.granted, "com.example.apple-samplecode.CometCal"], install: false)
        let seeded = try fixture.cometcal("seed")
        #expect(seeded.status == 0, "\(seeded.stderr)")
        #expect(try await fixture.spotlightEventTitles("cosmic ray") == ["Cosmic Ray Calibration"])
    }
}
