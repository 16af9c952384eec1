import Foundation

extension Record {
    /// At least the bytes of this record's compact JSON text as the wire and the store write
    /// it: every text counted with the characters JSON escapes escaped, and room for member
    /// names, numbers and dates. What cuts a donation or an export page to fit in a frame
    /// without encoding the records twice.
    ///
    /// ```swift
    /// Record(bundle: "b", type: "T", id: "1", title: "a\n").jsonBytesBound   // ≥ 47, its text's size
    /// ```
    public var jsonBytesBound: Int {
        var bytes = 256 + Self.quotedBytes(bundle) + Self.quotedBytes(type) + Self.quotedBytes(id) + Self.quotedBytes(title)
        for text in [subtitle, domain, language].compactMap({ $0 }) + synonyms + keywords {
            bytes += Self.quotedBytes(text) + 1
        }
        for (name, value) in properties { bytes += Self.quotedBytes(name) + 2 + Self.jsonBytesBound(of: value) }
        return bytes
    }

    /// `text` written as a JSON string: quotes, a control character as `\u00XX`, `"` and `\` escaped.
    static func quotedBytes(_ text: String) -> Int {
        text.utf8.reduce(2) { $0 + ($1 < 0x20 ? 6 : $1 == 0x22 || $1 == 0x5C ? 2 : 1) }
    }

    static func jsonBytesBound(of value: PropertyValue) -> Int {
        switch value {
        case .string(let text), .enumCase(let text): 16 + quotedBytes(text)
        case .url(let url): 16 + quotedBytes(url.absoluteString)
        case .entity(let reference): 40 + quotedBytes(reference.type) + quotedBytes(reference.id)
        case .array(let items): 16 + items.reduce(0) { $0 + jsonBytesBound(of: $1) + 1 }
        case .int, .double, .date: 48
        case .bool: 16
        }
    }
}
