import SpotlightModel

/// Core Spotlight's error type of queries, so a `CSSearchQuery`'s or `CSUserQuery`'s error
/// handling ports unchanged: what a query throws (or gives its completion handler) is a
/// ``SpotlightError``, and Apple's codes name its codes.
///
/// ```swift
/// do {
///     for try await result in CSSearchQuery(queryString: text, queryContext: nil).results { ... }
/// } catch let error as CSSearchQueryError where error.code == .invalidQuery {
///     print("not a query string: \(error.message)")
/// } catch CSSearchQueryError.cancelled {
///     // cancel() was called
/// }
/// ```
///
/// A cancelled query ends with Swift's `CancellationError`, not a ``SpotlightError``: the code
/// ``SpotlightError/Code/cancelled`` matches it as a pattern (`catch CSSearchQueryError.cancelled`,
/// `case CSSearchQueryError.cancelled?`), but `error as? CSSearchQueryError` is nil for it.
public typealias CSSearchQueryError = SpotlightError

/// Apple's `CSSearchQueryError.Code` names.
extension SpotlightError.Code {
    /// The query string is malformed (`invalidInput`, naming where it stops being a query).
    public static let invalidQuery = invalidInput
    /// spotlightd could not be reached (`unavailable`).
    public static let indexUnreachable = unavailable
    /// A bug or an unexpected state (`internal`).
    public static let unknown = `internal`
    /// The query was cancelled: as a pattern it matches the `CancellationError` a cancelled
    /// query ends with; no ``SpotlightError`` has this code.
    public static let cancelled = Self(rawValue: "cancelled")
}

/// Apple's query codes as members of the error type, for `catch CSSearchQueryError.invalidQuery`.
extension SpotlightError {
    /// ``SpotlightError/Code/invalidQuery``: a malformed query string.
    public static var invalidQuery: Code { .invalidQuery }
    /// ``SpotlightError/Code/indexUnreachable``: spotlightd could not be reached.
    public static var indexUnreachable: Code { .indexUnreachable }
    /// ``SpotlightError/Code/unknown``: a bug or an unexpected state.
    public static var unknown: Code { .unknown }
    /// ``SpotlightError/Code/cancelled``: matches the `CancellationError` of a cancelled query.
    public static var cancelled: Code { .cancelled }
}
