import SpotlightModel
import SpotlightProtocol

/// `get` in pieces that fit a message each way: the keys of one call go in requests of at most
/// ``SearchableIndex/keysPerLookup`` keys and half a message of their text, and a request whose
/// answer would pass the message limit (large records) is asked again in halves.
extension SearchableIndex {
    /// Keys asked of spotlightd per `get`, so that a long `||` of identifiers in a
    /// `CSSearchQuery`, say, stays well under the message limit.
    static let keysPerLookup = 1000

    /// Records by key, however many and however large, as one answer.
    ///
    /// ```swift
    /// let found = try await index.getInPieces(keys)   // what `get(_:)` answers
    /// ```
    /// - Throws: `SpotlightError` as `get` does; the over-limit error only for one record whose
    ///   answer alone passes a message.
    func getInPieces(_ keys: [RecordKey]) async throws -> GetResult {
        var whole = GetResult(records: [])
        for piece in Self.requestPieces(keys) {
            let answer = try await getFitting(piece)
            whole.records += answer.records
            whole.damaged = Self.joined(whole.damaged, answer.damaged)
            whole.missingShards = MissingShards.merged(whole.missingShards, answer.missingShards)
        }
        return whole
    }

    /// One `get`; an answer over the message limit is asked for again in two halves.
    private func getFitting(_ keys: ArraySlice<RecordKey>) async throws -> GetResult {
        do {
            return try await daemon.call(.get, GetParams(keys: Array(keys)))
        } catch let error as SpotlightError where error.isAnswerOverLimit && keys.count > 1 {
            let middle = keys.startIndex + keys.count / 2
            let (first, second) = (try await getFitting(keys[..<middle]), try await getFitting(keys[middle...]))
            return GetResult(records: first.records + second.records, damaged: Self.joined(first.damaged, second.damaged),
                             missingShards: MissingShards.merged(first.missingShards, second.missingShards))
        }
    }

    /// The keys in runs of at most ``keysPerLookup`` and half a message of text.
    private static func requestPieces(_ keys: [RecordKey]) -> [ArraySlice<RecordKey>] {
        var pieces: [ArraySlice<RecordKey>] = []
        var start = keys.startIndex
        var bytes = 0
        for (i, key) in keys.enumerated() {
            // JSON writes a byte in at most six (`\u0000`); 40 for the member names.
            let size = 6 * (key.bundle.utf8.count + key.type.utf8.count + key.id.utf8.count) + 40
            if i > start, i - start == keysPerLookup || bytes + size > DonationLimits.batchBytes {
                pieces.append(keys[start..<i])
                (start, bytes) = (i, 0)
            }
            bytes += size
        }
        if start < keys.endIndex || keys.isEmpty { pieces.append(keys[start...]) }
        return pieces
    }

    /// Both lists after each other; nil when both are nil.
    private static func joined<T>(_ a: [T]?, _ b: [T]?) -> [T]? {
        a == nil && b == nil ? nil : (a ?? []) + (b ?? [])
    }
}
