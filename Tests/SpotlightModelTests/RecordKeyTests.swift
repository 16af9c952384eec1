import SpotlightModel
import Testing

/// A record's key compares as the store does: byte for byte (docs/records.md).
@Suite struct RecordKeyTests {
    @Test func canonicallyEquivalentIdentifiersAreTwoKeys() {
        let precomposed = RecordKey(bundle: "b", type: "T", id: "caf\u{E9}")
        let combining = RecordKey(bundle: "b", type: "T", id: "cafe\u{301}")
        #expect(precomposed != combining)
        #expect(Set([precomposed, combining]).count == 2)
        #expect(precomposed == RecordKey(bundle: "b", type: "T", id: "café"))
    }
}
