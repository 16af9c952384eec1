import Foundation
import SpotlightProtocol

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

    /// Apple's `CSSearchableIndex(name:protectionClass:)`. The protection class is accepted
    /// and not used: spotlightd's store is the user's own (its directory is mode 0700).
    public convenience init(name: String, protectionClass: FileProtectionType?) {
        self.init(name: name)
    }
}

/// Core Spotlight's Swift names for batches and client state, beside this index's own
/// (``SearchableIndex/beginIndexBatch()``, ``SearchableIndex/endIndexBatch(clientState:)``),
/// with Apple's completion-handler forms for synchronous code. Calls with completion handlers
/// run one after another in the order they were made on the index, as Core Spotlight's do, so
/// the end of a batch commits the writes made before it:
///
/// ```swift
/// let index = CSSearchableIndex(name: "notes-sync")
/// index.beginBatch()
/// index.indexSearchableItems(changed, completionHandler: nil)
/// index.endBatch(withClientState: Data("v42".utf8)) { error in
///     if let error { print("batch not stored: \(error)") }
/// }
/// ```
extension SearchableIndex {
    /// Apple's `beginBatch()`: ``beginIndexBatch()``.
    public func beginBatch() { beginIndexBatch() }

    /// Apple's `endBatch(withClientState:)`: ``endIndexBatch(clientState:)``.
    @discardableResult
    public func endBatch(withClientState clientState: Data) async throws -> WriteResult {
        try await endIndexBatch(clientState: clientState)
    }

    /// ``endBatch(withClientState:)`` for synchronous code: `completionHandler` gets nil once
    /// the batch is stored, else the error (nothing of the batch is stored then).
    public func endBatch(withClientState clientState: Data, completionHandler: (@Sendable ((any Error)?) -> Void)?) {
        complete(completionHandler) { try await self.endIndexBatch(clientState: clientState) }
    }

    /// ``endIndexBatch(expectedClientState:newClientState:)`` for synchronous code.
    public func endIndexBatch(expectedClientState: Data?, newClientState: Data,
                              completionHandler: (@Sendable ((any Error)?) -> Void)?) {
        complete(completionHandler) {
            try await self.endIndexBatch(expectedClientState: expectedClientState, newClientState: newClientState)
        }
    }

    /// ``fetchLastClientState()`` for synchronous code: the state (nil: none stored yet) or the error.
    public func fetchLastClientState(completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void) {
        inCallOrder({ () async -> Result<Data?, any Error> in
            do {
                return .success(try await self.fetchLastClientState())
            } catch {
                return .failure(error)
            }
        }, then: { result in
            switch result {
            case .success(let state): completionHandler(state, nil)
            case .failure(let error): completionHandler(nil, error)
            }
        })
    }
}
