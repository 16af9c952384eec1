import SpotlightModel

/// Core Spotlight's error type, so error handling ports unchanged: what the index throws is a
/// ``SpotlightError``, and Apple's codes name its codes.
///
/// ```swift
/// do {
///     try await index.endIndexBatch(expectedClientState: last, newClientState: next)
/// } catch let error as CSIndexError where error.code == .mismatchedClientState {
///     // another process moved the state on: fetch it again and redo the batch
/// }
/// ```
public typealias CSIndexError = SpotlightError

/// Apple's `CSIndexError.Code` names. Those with a counterpart are that code
/// (`mismatchedClientState` is `conflict`); the others are codes nothing here throws.
extension SpotlightError.Code {
    /// The expected client state was not the stored one (or a write of the batch failed).
    public static let mismatchedClientState = conflict
    /// spotlightd could not be reached.
    public static let indexUnavailableError = unavailable
    /// spotlightd could not be reached.
    public static let remoteConnectionError = unavailable
    /// An item spotlightd refuses (an empty identifier, a value over the limits).
    public static let invalidItemError = invalidInput
    /// A bug or an unexpected state.
    public static let unknownError = `internal`
    /// Never thrown: a client state of any size is stored.
    public static let invalidClientStateError = Self(rawValue: "invalidClientStateError")
    /// Never thrown: spotlightd sets no quota.
    public static let quotaExceeded = Self(rawValue: "quotaExceeded")
    /// Never thrown: every index takes items.
    public static let indexingUnsupported = Self(rawValue: "indexingUnsupported")
}

extension SpotlightError.Code {
    /// Whether `error` is a ``SpotlightError`` of this code: `catch CSIndexError.mismatchedClientState`;
    /// ``cancelled`` matches a `CancellationError` (`catch CSSearchQueryError.cancelled`).
    public static func ~= (code: Self, error: any Error) -> Bool {
        if code == Self.cancelled, error is CancellationError { return true }
        return (error as? SpotlightError)?.code == code
    }
}

/// Apple's codes as members of the error type, for `catch CSIndexError.mismatchedClientState`.
extension SpotlightError {
    public static var mismatchedClientState: Code { .mismatchedClientState }
    public static var indexUnavailableError: Code { .indexUnavailableError }
    public static var remoteConnectionError: Code { .remoteConnectionError }
    public static var invalidItemError: Code { .invalidItemError }
    public static var unknownError: Code { .unknownError }
    public static var invalidClientStateError: Code { .invalidClientStateError }
    public static var quotaExceeded: Code { .quotaExceeded }
    public static var indexingUnsupported: Code { .indexingUnsupported }

}
