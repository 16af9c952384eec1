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
        var rest = bytes[...]
        // One `<n>:<bytes>` part; the length read digit by digit (a String per length and an
        // array of parts were half of reading a page of hits' keys).
        func part() -> String? {
            var count = 0, digits = 0
            while let b = rest.first, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") {
                guard digits < 18 else { return nil }
                count = count * 10 + Int(b - UInt8(ascii: "0"))
                digits += 1
                rest = rest.dropFirst()
            }
            guard digits > 0, rest.first == UInt8(ascii: ":") else { return nil }
            rest = rest.dropFirst()
            guard let end = rest.index(rest.startIndex, offsetBy: count, limitedBy: rest.endIndex) else { return nil }
            defer { rest = rest[end...] }
            return String(decoding: rest[..<end], as: UTF8.self)
        }
        guard let bundle = part(), let type = part(), let id = part(), rest.isEmpty else { return nil }
        return RecordKey(bundle: bundle, type: type, id: id)
    }
}
