import Foundation
import SpotlightModel

// `openEntity`'s params are an `EntityReference` (`{"type": "EventEntity", "id": "E7"}`): the
// entity to show, as Core Spotlight hands a tapped result to its app. The app runs its
// `OpenIntent` for that entity type with `target` set to the entity (resolved through the
// type's `entities(for:)`).

/// The answer to `openEntity`: which intent opened it.
public struct OpenEntityResult: Codable, Hashable, Sendable {
    /// The `OpenIntent` that ran (`OpenEventIntent`).
    public var intent: String
    public init(intent: String) { self.intent = intent }
}

extension SpotlightError.Code {
    /// spotlightd answered, but the app it had to launch or ask could not be reached (it did
    /// not start, crashed, or did not answer in time). The message names the app and why.
    public static let appUnavailable = SpotlightError.Code(rawValue: "appUnavailable")
}
