import Foundation
import SpotlightModel

/// An intent that opens the app on one of its entities and shows it: Apple's `OpenIntent`.
///
/// It is how a search result lands in its app. When a person picks a result (GNOME Shell,
/// KRunner, `spotlightctl open`), spotlightd launches the app by bundle identifier and calls its
/// app service's `openEntity`; the dispatcher runs the app's `OpenIntent` whose `Value` is that
/// entity type, with `target` resolved through the type's `entities(for:)`.
///
/// ```swift
/// struct OpenEventIntent: OpenIntent {
///     static let title = "Open Event"
///     @Parameter(title: "Event") var target: EventEntity
///     func perform() async throws -> some IntentResult {
///         try navigator.open(eventID: target.id)   // the screen now shows the event
///         return .result()
///     }
/// }
/// ```
///
/// Deviation from Apple's shape: `Value` must be an ``AppEntity`` (Apple also allows an
/// `AppEnum`); an enum case is not something a search result can name.
public protocol OpenIntent: AppIntent {
    associatedtype Value: AppEntity
    /// The entity to show. Declare it `@Parameter(title:) var target: YourEntity`.
    var target: Value { get set }
}

extension OpenIntent {
    /// `true` for an `OpenIntent` (Apple's flag for intents that bring the app forward). An
    /// IntentKit app always runs its intents in its own process, which the open path
    /// launches, so the flag is reported by `describe`, not acted on.
    public static var openAppWhenRun: Bool { true }

    /// The wire name of the entity type this intent opens (`EventEntity`).
    static var targetTypeName: String { Value.typeName }
}

extension OpenIntent {
    /// Apple's `OpenIntent` may leave out `perform()`: the system opens the app on the target.
    /// Here the app says how it shows it: in a `perform()`, or, for an intent that is also a
    /// ``TargetContentProvidingIntent``, in a handler it registers with
    /// ``AppScreen/onAppIntentExecution(_:perform:)``. Unavailable, so the compiler names that.
    @available(*, unavailable, message: "an OpenIntent needs a perform() of its own that shows `target`, or to be a TargetContentProvidingIntent whose app registers AppScreen.shared.onAppIntentExecution (docs/porting.md)")
    public func perform() async throws -> EmptyIntentResult { .result() }
}
