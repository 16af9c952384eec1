import Foundation
import SpotlightProtocol

/// An intent that replaces a SiriKit custom intent (App Intents' `CustomIntentMigratedAppIntent`,
/// which Xcode's conversion writes): `intentClassName` is the old intent's class name. Callers
/// that still name the old intent reach this one: `runIntent` takes either name (the intent's
/// own type name first), and `describe` lists `intentClassName`.
///
/// ```swift
/// struct AddData: AppIntent, CustomIntentMigratedAppIntent {
///     static let intentClassName = "AddDataIntent"
///     static let title: LocalizedStringResource = "Add Data"
///     func perform() async throws -> some IntentResult { .result() }
/// }
/// ```
public protocol CustomIntentMigratedAppIntent: AppIntent {
    /// The class name of the SiriKit intent this one replaces.
    static var intentClassName: String { get }
}

/// An intent kept for the callers that still use it, with what to use instead (App Intents'
/// `DeprecatedAppIntent`). It still runs; `describe` lists its `deprecation` (the message and
/// the replacing intent's name).
///
/// ```swift
/// struct OldAddIntent: AppIntent, DeprecatedAppIntent {
///     static let title: LocalizedStringResource = "Add (old)"
///     static var deprecation: IntentDeprecation<AddDataPointIntent> {
///         IntentDeprecation(message: "Use Add Data Point instead.", replacedBy: AddDataPointIntent.self)
///     }
///     func perform() async throws -> some IntentResult { .result() }
/// }
/// ```
public protocol DeprecatedAppIntent: AppIntent {
    /// The intent to use instead; `Never` when none replaces it.
    associatedtype ReplacementIntent = Never
    static var deprecation: IntentDeprecation<ReplacementIntent> { get }
}

/// Why an intent is deprecated and what replaces it (App Intents' `IntentDeprecation`).
///
/// ```swift
/// IntentDeprecation(replacedBy: AddDataPointIntent.self)
/// IntentDeprecation(message: "Adding by goal name is no longer supported.")
/// ```
public struct IntentDeprecation<ReplacementIntent>: Sendable {
    /// A short sentence on the deprecation, ending with a period; empty when none was given.
    public var message: LocalizedStringResource
    /// The intent that replaces the deprecated one, if any.
    public var replacedBy: ReplacementIntent.Type?

    /// Deprecated with a message and, optionally, the intent that replaces it.
    public init(message: LocalizedStringResource, replacedBy: ReplacementIntent.Type?) where ReplacementIntent: AppIntent {
        self.message = message
        self.replacedBy = replacedBy
    }

    /// Replaced by `replacedBy`, with no message.
    public init(replacedBy: ReplacementIntent.Type) where ReplacementIntent: AppIntent {
        self.message = ""
        self.replacedBy = replacedBy
    }

    /// Deprecated with a message; nothing replaces it.
    public init(message: LocalizedStringResource) where ReplacementIntent == Never {
        self.message = message
        self.replacedBy = nil
    }

    /// The replacing intent's type name, for `describe`.
    var replacementName: String? { (replacedBy as? any AppIntent.Type)?.typeName }
}

extension DeprecatedAppIntent {
    /// The deprecation as `describe` lists it.
    static var deprecationSchema: IntentDeprecationSchema {
        IntentDeprecationSchema(message: deprecation.message.defaultValue, replacedBy: deprecation.replacementName)
    }
}
