/// Core Spotlight's name for ``SearchableIndex``, so donation code ports unchanged:
/// `CSSearchableIndex.default()` and `CSSearchableIndex(name:)` compile as written.
///
/// ```swift
/// try await CSSearchableIndex.default().indexRecords([record])
/// ```
public typealias CSSearchableIndex = SearchableIndex

extension SearchableIndex {
    /// The index itself: Core Spotlight's `CSSearchableIndex.default()` is a call, and
    /// `SearchableIndex.default()` then reads as ``SearchableIndex/default``.
    public func callAsFunction() -> SearchableIndex { self }
}
