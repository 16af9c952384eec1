import SpotlightModel

/// The unique-key term (`Q` prefix) of a record: one per document, so replacing or
/// deleting by key touches exactly that record.
///
/// Each part is length-prefixed (`Q<n>:<bundle><n>:<type><n>:<id>`, n = UTF-8 bytes), so
/// no identifier can forge a separator, and NUL bytes are kept. A key that would exceed
/// Xapian's term limit becomes `Q#` + the SHA-256 of the long form in hex; the `#` can
/// never start a length-prefixed form, so the two spaces cannot collide.
///
/// ```swift
/// UniqueKey.term(for: RecordKey(bundle: "b", type: "t", id: "1"))  // "Q1:b1:t1:1"
/// ```
enum UniqueKey {
    static func term(for key: RecordKey) -> String {
        let long = longForm(of: key)
        let term = TermSchema.uniqueKey + long
        guard term.utf8.count > TermSchema.maxTermBytes else { return term }
        return TermSchema.uniqueKey + "#" + SHA256.hexDigest(of: Array(long.utf8))
    }

    /// `<n>:<bundle><n>:<type><n>:<id>`, n = UTF-8 bytes of each part.
    static func longForm(of key: RecordKey) -> String {
        [key.bundle, key.type, key.id].map { "\($0.utf8.count):\($0)" }.joined()
    }

    /// The key ``longForm(of:)`` wrote, or nil when `bytes` is not one.
    static func parseLongForm<Bytes: Collection>(_ bytes: Bytes) -> RecordKey? where Bytes.Element == UInt8 {
        var parts: [String] = []
        var rest = bytes[...]
        while parts.count < 3 {
            guard let colon = rest.firstIndex(of: UInt8(ascii: ":")),
                  let count = Int(String(decoding: rest[..<colon], as: UTF8.self)), count >= 0 else { return nil }
            let start = rest.index(after: colon)
            guard rest.distance(from: start, to: rest.endIndex) >= count else { return nil }
            let end = rest.index(start, offsetBy: count)
            parts.append(String(decoding: rest[start..<end], as: UTF8.self))
            rest = rest[end...]
        }
        guard rest.isEmpty else { return nil }
        return RecordKey(bundle: parts[0], type: parts[1], id: parts[2])
    }
}
