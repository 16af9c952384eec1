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
        let long = [key.bundle, key.type, key.id].map { "\($0.utf8.count):\($0)" }.joined()
        let term = TermSchema.uniqueKey + long
        guard term.utf8.count > TermSchema.maxTermBytes else { return term }
        return TermSchema.uniqueKey + "#" + SHA256.hexDigest(of: Array(long.utf8))
    }
}
