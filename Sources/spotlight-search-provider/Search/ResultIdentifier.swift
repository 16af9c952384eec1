import Foundation
import SpotlightModel

/// A search result's identifier on D-Bus: the record's key as `bundle/type/id`, each part with
/// `%` and `/` percent-encoded. It names the record by itself, so `GetResultMetas`,
/// `ActivateResult` and KRunner's `Run` work after the provider restarted between calls.
///
/// ```swift
/// ResultIdentifier(RecordKey(bundle: "com.example.CometCal", type: "EventEntity", id: "E/7")).string
/// // "com.example.CometCal/EventEntity/E%2F7"
/// ```
struct ResultIdentifier: Hashable, Sendable {
    let key: RecordKey

    init(_ key: RecordKey) { self.key = key }

    /// nil for a string that is not three encoded parts.
    init?(string: String) {
        let parts = string.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        let decoded = parts.compactMap { String($0).removingPercentEncoding }
        guard decoded.count == 3, !decoded[0].isEmpty, !decoded[1].isEmpty else { return nil }
        key = RecordKey(bundle: decoded[0], type: decoded[1], id: decoded[2])
    }

    var string: String { [key.bundle, key.type, key.id].map(Self.encode).joined(separator: "/") }

    private static let allowed = CharacterSet(charactersIn: "%/").inverted

    private static func encode(_ part: String) -> String {
        part.addingPercentEncoding(withAllowedCharacters: allowed) ?? part
    }
}
