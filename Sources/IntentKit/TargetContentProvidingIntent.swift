import Foundation
import Synchronization
import SpotlightModel

/// An intent whose work is to change what the app shows (App Intents' `TargetContentProvidingIntent`,
/// 2025). Apple's app leaves out `perform()` and handles the intent in SwiftUI with
/// `onAppIntentExecution(_:perform:)`; there is no SwiftUI on Linux, so the app registers that
/// handler with ``AppScreen/onAppIntentExecution(_:perform:)`` where it starts, and the intent's
/// default `perform()` calls it on the main actor.
///
/// ```swift
/// struct OpenLandmarkIntent: OpenIntent, TargetContentProvidingIntent {
///     static let title: LocalizedStringResource = "Open Landmark"
///     @Parameter(title: "Landmark") var target: LandmarkEntity
/// }
///
/// // where the app starts, in place of SwiftUI's .onAppIntentExecution(OpenLandmarkIntent.self) { … }
/// AppScreen.shared.onAppIntentExecution(OpenLandmarkIntent.self) { intent in
///     navigator.show(intent.target)
/// }
/// ```
public protocol TargetContentProvidingIntent: AppIntent {
    /// The name the app matches the intent by; the intent's type name unless it says otherwise.
    var contentIdentifier: String { get }
}

extension TargetContentProvidingIntent {
    public var contentIdentifier: String { Self.typeName }

    /// Calls the handlers the app registered for this intent type, on the main actor.
    /// - Throws: `unavailable` when the app registered none, saying how to.
    public func perform() async throws -> EmptyIntentResult {
        try await AppScreen.shared.runExecutionHandlers(for: self)
        return .result()
    }
}

extension OpenIntent where Self: TargetContentProvidingIntent {
    /// Opens the target through the handlers the app registered (see ``TargetContentProvidingIntent``).
    public func perform() async throws -> EmptyIntentResult {
        try await AppScreen.shared.runExecutionHandlers(for: self)
        return .result()
    }
}

extension AppScreen {
    /// Registers what the app does when an intent of `intentType` runs without a `perform()` of
    /// its own: IntentKit's stand-in for SwiftUI's `onAppIntentExecution(_:perform:)`. Handlers
    /// run on the main actor, in the order registered.
    public func onAppIntentExecution<Intent: TargetContentProvidingIntent>(
        _ intentType: Intent.Type, perform action: @escaping @MainActor (Intent) -> Void
    ) {
        let handler: ExecutionHandler = { intent in
            if let intent = intent as? Intent { action(intent) }
        }
        executionHandlers.withLock { $0[ObjectIdentifier(intentType), default: []].append(handler) }
    }

    func runExecutionHandlers<Intent: TargetContentProvidingIntent>(for intent: Intent) async throws {
        let handlers = executionHandlers.withLock { $0[ObjectIdentifier(Intent.self)] ?? [] }
        guard !handlers.isEmpty else {
            throw SpotlightError(.unavailable, "\(Intent.typeName) has no perform() of its own and the app registered no "
                + "handler for it: call AppScreen.shared.onAppIntentExecution(\(Intent.typeName).self) { intent in … } "
                + "where the app starts (SwiftUI's onAppIntentExecution), or write its perform()")
        }
        let sent = SendableIntent(intent)
        for handler in handlers { await handler(sent.intent) }
    }
}

/// An intent handed to the main actor: it was made for this one run, and nothing else uses it meanwhile.
private struct SendableIntent: @unchecked Sendable {
    let intent: any AppIntent
    init(_ intent: any AppIntent) { self.intent = intent }
}

typealias ExecutionHandler = @MainActor (any AppIntent) -> Void
