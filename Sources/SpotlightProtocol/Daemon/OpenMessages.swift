import Foundation
import SpotlightModel

/// `open`'s params: the record's key, as a `RecordKey` encodes it
/// (`{"bundle": "com.example.apple-samplecode.CometCal", "type": "EventEntity", "id": "E7"}`):
/// show that record in the app that donated it. spotlightd finds the app's manifest in its
/// registry, launches the app if it is not running (or uses the running one), and calls its
/// `openEntity` (docs/protocol.md). Unknown members are refused; a `RecordKey` elsewhere (in
/// results) is read leniently, so a newer daemon's keys still decode.
public struct OpenParams: Decodable, Sendable, Hashable {
    public var key: RecordKey

    public init(key: RecordKey) { self.key = key }

    enum CodingKeys: String, CodingKey, CaseIterable { case bundle, type, id }

    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "open")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        key = RecordKey(bundle: try c.decode(String.self, forKey: .bundle), type: try c.decode(String.self, forKey: .type),
                        id: try c.decode(String.self, forKey: .id))
    }
}

/// The answer to `open`.
public struct OpenResult: Codable, Hashable, Sendable {
    public var bundle: String
    public var type: String
    public var id: String
    /// The app's `OpenIntent` that showed the entity.
    public var intent: String
    /// The app's name from its manifest (nil when the manifest names none).
    public var appName: String?
    /// Whether this call started the app (false: it was already running).
    public var launched: Bool
    /// The app's process id, when spotlightd launched it.
    public var pid: Int32?

    public init(bundle: String, type: String, id: String, intent: String, appName: String? = nil,
                launched: Bool, pid: Int32? = nil) {
        self.bundle = bundle
        self.type = type
        self.id = id
        self.intent = intent
        self.appName = appName
        self.launched = launched
        self.pid = pid
    }
}
