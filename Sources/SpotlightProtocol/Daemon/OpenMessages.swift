import Foundation
import SpotlightModel

// `open`'s params are the record's key, a `RecordKey`
// (`{"bundle": "com.example.apple-samplecode.CometCal", "type": "EventEntity", "id": "E7"}`):
// show that record in the app that donated it. spotlightd finds the app's manifest in its
// registry, launches the app if it is not running (or uses the running one), and calls its
// `openEntity`. docs/protocol.md.

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
