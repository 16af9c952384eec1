/// An error of Spotlight for Linux: a code to branch on, a message a person can act on,
/// and the underlying cause where there is one.
///
/// ```swift
/// throw SpotlightError(.invalidInput, "identifier is empty; give every record an id")
/// ```
public struct SpotlightError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is. New codes may be added.
    public struct Code: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The caller gave something malformed or out of range.
        public static let invalidInput = Code(rawValue: "invalidInput")
        /// A named thing (record, app, intent, method) does not exist.
        public static let notFound = Code(rawValue: "notFound")
        /// Another process holds the database or data directory.
        public static let locked = Code(rawValue: "locked")
        /// A file is not what it should be (not a database, corrupt, wrong version).
        public static let corrupt = Code(rawValue: "corrupt")
        /// The disk or the OS refused a write or read (ENOSPC, EIO, ...): not stored.
        public static let io = Code(rawValue: "io")
        /// The caller may not do this (wrong uid, another bundle's records).
        public static let permissionDenied = Code(rawValue: "permissionDenied")
        /// A compare-and-swap precondition did not hold.
        public static let conflict = Code(rawValue: "conflict")
        /// The daemon or app could not be reached.
        public static let unavailable = Code(rawValue: "unavailable")
        /// The daemon or app is running but refused the connection at one of its limits (its
        /// connections in all, or per process): retry later, or close connections.
        public static let busy = Code(rawValue: "busy")
        /// Waited too long.
        public static let timeout = Code(rawValue: "timeout")
        /// A bug or an unexpected state; the message says what.
        public static let `internal` = Code(rawValue: "internal")
    }

    public var code: Code
    public var message: String
    /// A description of the underlying cause (errno text, Xapian's message, ...).
    public var underlying: String?

    public init(_ code: Code, _ message: String, underlying: String? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    public var description: String {
        if let underlying { return "\(message) (\(underlying))" }
        return message
    }
}
