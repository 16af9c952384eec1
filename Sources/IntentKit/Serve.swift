import Foundation
import SpotlightModel

// MARK: - Transport hook (the lead wires this)

/// Serves the app service on a Unix socket: each JSON-RPC request goes to
/// `dispatcher.handle(method:params:)`, and a thrown `SpotlightError` becomes the JSON-RPC error.
///
/// NOT YET WIRED: SpotlightWire's socket transport lands separately. Until it is attached
/// here, this throws `unavailable`.
///
/// ```swift
/// try await serve(dispatcher: app.dispatcher)
/// ```
public func serve(dispatcher: AppServiceDispatcher) async throws {
    throw SpotlightError(.unavailable, "--serve is not yet wired: the app service of \(dispatcher.bundleIdentifier) "
        + "needs SpotlightWire's socket transport (IntentKit/Serve.swift)")
}
