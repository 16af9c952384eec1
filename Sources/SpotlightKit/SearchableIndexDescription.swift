import Foundation

/// What Core Spotlight tells an app about the index it asks the app to re-donate to (Core
/// Spotlight's `CSSearchableIndexDescription`, handed to an `IndexedEntityQuery`'s reindex methods).
///
/// ```swift
/// func reindexAllEntities(indexDescription: CSSearchableIndexDescription) async throws {
///     try await CSSearchableIndex.default().indexAppEntities(try await store.allPhotos())
/// }
/// ```
///
/// An app here has one index, spotlightd's, so every description is the same and its
/// `protectionClass` is nil (spotlightd's store is the user's own, mode 0700).
public final class CSSearchableIndexDescription: Hashable, Sendable, CustomStringConvertible {
    public init() {}

    /// The data protection of the index's files; nil: none beyond the user's own directory.
    public var protectionClass: FileProtectionType? { nil }

    public var description: String { "CSSearchableIndexDescription(spotlightd)" }
    public static func == (lhs: CSSearchableIndexDescription, rhs: CSSearchableIndexDescription) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}
