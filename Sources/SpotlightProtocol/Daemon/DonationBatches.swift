import SpotlightModel

extension DonationLimits {
    /// Half of the 16 MiB frame: what one donation's records may come to as JSON.
    public static let batchBytes = 8 << 20

    /// `records` cut into donations of at most `count` records each, a donation ending early
    /// where its records' JSON (``Record/jsonBytesBound``) would pass `maxBytes`: 2000 records
    /// of 10 KiB do not fit in one message. Always at least one donation, empty for no records.
    ///
    /// ```swift
    /// for batch in DonationLimits.batches(records, count: 2000) { try await donate(Array(batch)) }
    /// ```
    public static func batches(_ records: [Record], count: Int, maxBytes: Int = batchBytes) -> [ArraySlice<Record>] {
        var batches: [ArraySlice<Record>] = []
        var start = records.startIndex
        var bytes = 0
        for i in records.indices {
            let size = records[i].jsonBytesBound
            if i > start, i - start == count || bytes + size > maxBytes {
                batches.append(records[start..<i])
                start = i
                bytes = 0
            }
            bytes += size
        }
        batches.append(records[start...])
        return batches
    }
}
