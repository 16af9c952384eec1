import Foundation
import Synchronization

/// Core Spotlight's `CSSearchableIndexDelegate`: what an app does when Spotlight asks it to
/// donate its items again. spotlightd asks when it rebuilds from the apps (`spotlightctl rebuild
/// --from-apps`): the app service calls the delegate of every index of the app that has one,
/// waits for each acknowledgement, and spotlightd then removes the app's records it did not
/// donate again. An app that donates `CSSearchableItem`s and sets no delegate loses them there,
/// as a Core Spotlight app without one does when its index is lost.
///
/// ```swift
/// final class IndexDelegate: NSObject, CSSearchableIndexDelegate {
///     func searchableIndex(_ searchableIndex: CSSearchableIndex,
///                          reindexAllSearchableItemsWithAcknowledgementHandler acknowledgementHandler: @escaping @Sendable () -> Void) {
///         searchableIndex.indexSearchableItems(Notes.all.map(\.searchableItem)) { _ in acknowledgementHandler() }
///     }
///     func searchableIndex(_ searchableIndex: CSSearchableIndex, reindexSearchableItemsWithIdentifiers identifiers: [String],
///                          acknowledgementHandler: @escaping @Sendable () -> Void) {
///         searchableIndex.indexSearchableItems(Notes.with(identifiers).map(\.searchableItem)) { _ in acknowledgementHandler() }
///     }
/// }
/// let delegate = IndexDelegate()              // the index holds it weakly, as Apple's does
/// CSSearchableIndex.default().indexDelegate = delegate
/// ```
///
/// The acknowledgement handlers are `@Sendable`, so one can be called from a completion handler
/// or a task in Swift 6; a conforming method declared as Apple's (`@escaping () -> Void`) still
/// conforms.
public protocol CSSearchableIndexDelegate: AnyObject {
    /// Donate every item again (through `searchableIndex`), then call `acknowledgementHandler`.
    func searchableIndex(_ searchableIndex: CSSearchableIndex,
                         reindexAllSearchableItemsWithAcknowledgementHandler acknowledgementHandler: @escaping @Sendable () -> Void)
    /// Donate the items of these identifiers again (those the app no longer has: delete them),
    /// then call `acknowledgementHandler`. Required, as Apple's, but not called yet: spotlightd's
    /// rebuild asks for every item.
    func searchableIndex(_ searchableIndex: CSSearchableIndex, reindexSearchableItemsWithIdentifiers identifiers: [String],
                         acknowledgementHandler: @escaping @Sendable () -> Void)
    /// Optional, never called: spotlightd does not throttle donations.
    func searchableIndexDidThrottle(_ searchableIndex: CSSearchableIndex)
    /// Optional, never called: spotlightd does not throttle donations.
    func searchableIndexDidFinishThrottle(_ searchableIndex: CSSearchableIndex)
    /// Optional, never called: items carry no file content here.
    func data(for searchableIndex: CSSearchableIndex, itemIdentifier: String, typeIdentifier: String) throws -> Data
    /// Optional, never called: items carry no file content here.
    func fileURL(for searchableIndex: CSSearchableIndex, itemIdentifier: String, typeIdentifier: String,
                 inPlace: Bool) throws -> URL
}

extension CSSearchableIndexDelegate {
    public func searchableIndexDidThrottle(_ searchableIndex: CSSearchableIndex) {}
    public func searchableIndexDidFinishThrottle(_ searchableIndex: CSSearchableIndex) {}
    public func data(for searchableIndex: CSSearchableIndex, itemIdentifier: String, typeIdentifier: String) throws -> Data {
        throw SpotlightError.noItemContent("data(for:itemIdentifier:typeIdentifier:)")
    }
    public func fileURL(for searchableIndex: CSSearchableIndex, itemIdentifier: String, typeIdentifier: String,
                        inPlace: Bool) throws -> URL {
        throw SpotlightError.noItemContent("fileURL(for:itemIdentifier:typeIdentifier:inPlace:)")
    }
}

extension SpotlightError {
    /// What a delegate's item-content method throws unless the app overrides it: nothing here asks.
    static func noItemContent(_ method: String) -> SpotlightError {
        SpotlightError(.unavailable, "item content is not asked for here; nothing calls \(method)")
    }
}

/// The delegate of one index, held weakly (as Apple's `weak var indexDelegate`).
final class IndexDelegateReference: @unchecked Sendable {
    private let lock = NSLock()
    private weak var delegate: (any CSSearchableIndexDelegate)?

    var value: (any CSSearchableIndexDelegate)? {
        get { lock.withLock { delegate } }
        set { lock.withLock { delegate = newValue } }
    }
}

/// An index that was given a delegate, held weakly.
private struct DelegatedIndex: @unchecked Sendable {
    weak var index: SearchableIndex?
}

/// The indexes of this process that were given a delegate: what a rebuild asks.
private let delegatedIndexes = Mutex<[DelegatedIndex]>([])

/// How many items this process donated so far (SearchableIndex+Items.swift counts them): a
/// rebuild reports the items its delegates donated.
let itemsDonated = Atomic<Int>(0)

extension SearchableIndex {
    /// Asked to donate the index's items again when spotlightd rebuilds from the apps; held
    /// weakly. See ``CSSearchableIndexDelegate``.
    public var indexDelegate: (any CSSearchableIndexDelegate)? {
        get { delegateReference.value }
        set {
            delegateReference.value = newValue
            guard newValue != nil else { return }
            delegatedIndexes.withLock { indexes in
                indexes.removeAll { $0.index == nil }
                if !indexes.contains(where: { $0.index === self }) { indexes.append(DelegatedIndex(index: self)) }
            }
        }
    }

    /// Asks the delegate of every index of this process that has one to donate all its items
    /// again, one after another, each time waiting for its acknowledgement and then for the
    /// calls with completion handlers it made on the index. The app service's `reindexAll`.
    /// - Returns: how many items this process donated meanwhile (the delegates' and, if any
    ///   other code donated at the same time, those too).
    package static func reindexAllThroughDelegates() async -> Int {
        await throughDelegates { index, delegate, acknowledge in
            delegate.searchableIndex(index, reindexAllSearchableItemsWithAcknowledgementHandler: acknowledge)
        }
    }

    private static func throughDelegates(
        _ ask: @escaping @Sendable (SearchableIndex, any CSSearchableIndexDelegate, @escaping @Sendable () -> Void) -> Void
    ) async -> Int {
        let indexes = delegatedIndexes.withLock { indexes in indexes.compactMap(\.index) }
        let donatedBefore = itemsDonated.load(ordering: .relaxed)
        for index in indexes where index.indexDelegate != nil {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let once = Mutex(false)
                // A delegate's method runs on a task of its own, so one that blocks waiting for
                // something of this process does not hold the caller.
                Task.detached {
                    guard let delegate = index.indexDelegate else { return continuation.resume() }
                    ask(index, delegate) {
                        // Called more than once (or late): only the first call counts.
                        if once.withLock({ called in defer { called = true }; return !called }) { continuation.resume() }
                    }
                }
            }
            // Donations the delegate made with completion handlers reach spotlightd before this returns.
            await index.handlerCalls.withLock { $0 }?.value
        }
        return itemsDonated.load(ordering: .relaxed) - donatedBefore
    }
}
