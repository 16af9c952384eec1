import Foundation
import SpotlightModel
import Testing

/// A date past the years 0001-9999 is refused naming that date, not Foundation's
/// "<description unavailable>" (CometCal's "add" quotes this message: docs/cometcal.md).
@Suite struct RecordDateBoundTests {
    private func refusal(_ date: Date) -> String {
        let record = Record(bundle: "b", type: "EventEntity", id: "E1", title: "Late",
                            properties: ["endDate": .date(date)])
        do {
            try record.validateValues()
            return "accepted"
        } catch {
            return (error as? SpotlightError)?.message ?? "\(error)"
        }
    }

    @Test func aDateAfterTheYear9999IsNamedInUTC() {
        let message = refusal(Date(timeIntervalSince1970: 253_402_302_600))
        #expect(message.contains("has endDate 10000-01-01T00:30:00Z, outside the years 0001-9999"), "\(message)")
    }

    @Test func aDateBeforeTheYear0001IsNamedInUTC() {
        let message = refusal(Date(timeIntervalSince1970: -62_135_683_200))
        #expect(message.contains("has endDate 0000-12-31T00:00:00Z, outside the years 0001-9999"), "\(message)")
    }

    @Test func aDateBeyondWhatUTCCanWriteIsNamedInSeconds() {
        let message = refusal(Date(timeIntervalSince1970: 1e300))
        #expect(message.contains("has endDate 1e+300 seconds since 1970, outside"), "\(message)")
    }
}
