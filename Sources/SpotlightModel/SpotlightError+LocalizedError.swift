import Foundation

extension SpotlightError: LocalizedError {
    /// The message and its cause, so `localizedDescription` says what went wrong instead of
    /// Foundation's "The operation could not be completed".
    public var errorDescription: String? { description }
}
