import Foundation

/// Core Spotlight's index app extension principal class, kept so its code ports: there are no
/// app extensions here, so the app makes one and sets it as an index's delegate; its methods
/// are then called as ``CSSearchableIndexDelegate`` says (on a rebuild from the apps).
///
/// ```swift
/// final class IndexRequestHandler: CSIndexExtensionRequestHandler {
///     override func searchableIndex(_ searchableIndex: CSSearchableIndex,
///                                   reindexAllSearchableItemsWithAcknowledgementHandler acknowledgementHandler: @escaping @Sendable () -> Void) {
///         searchableIndex.indexSearchableItems(Notes.all.map(\.searchableItem)) { _ in acknowledgementHandler() }
///     }
/// }
/// let handler = IndexRequestHandler()
/// CSSearchableIndex.default().indexDelegate = handler   // held weakly: keep `handler`
/// ```
open class CSIndexExtensionRequestHandler: NSObject, CSSearchableIndexDelegate {
    override public init() { super.init() }

    /// Donates nothing and acknowledges: override it to donate every item again.
    open func searchableIndex(_ searchableIndex: CSSearchableIndex,
                              reindexAllSearchableItemsWithAcknowledgementHandler acknowledgementHandler: @escaping @Sendable () -> Void) {
        acknowledgementHandler()
    }

    /// Donates nothing and acknowledges: override it to donate these items again.
    open func searchableIndex(_ searchableIndex: CSSearchableIndex, reindexSearchableItemsWithIdentifiers identifiers: [String],
                              acknowledgementHandler: @escaping @Sendable () -> Void) {
        acknowledgementHandler()
    }

    open func searchableIndexDidThrottle(_ searchableIndex: CSSearchableIndex) {}
    open func searchableIndexDidFinishThrottle(_ searchableIndex: CSSearchableIndex) {}

    /// Never called here (items carry no file content); throws `unavailable`.
    open func data(for searchableIndex: CSSearchableIndex, itemIdentifier: String, typeIdentifier: String) throws -> Data {
        throw SpotlightError.noItemContent("data(for:itemIdentifier:typeIdentifier:)")
    }

    /// Never called here (items carry no file content); throws `unavailable`.
    open func fileURL(for searchableIndex: CSSearchableIndex, itemIdentifier: String, typeIdentifier: String,
                      inPlace: Bool) throws -> URL {
        throw SpotlightError.noItemContent("fileURL(for:itemIdentifier:typeIdentifier:inPlace:)")
    }
}
