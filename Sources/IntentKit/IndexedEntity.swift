import Foundation
import SpotlightModel

/// An entity the app donates to Spotlight. What a donation carries is ``record(bundle:)``:
/// by default the display representation (title, subtitle, synonyms), every `@Property`,
/// ``indexedKeywords`` and ``indexedDomain``.
///
/// ```swift
/// extension EventEntity: IndexedEntity {
///     var indexedKeywords: [String] { attendees.map(\.name) }
/// }
/// let record = event.record(bundle: "com.example.CometCal")
/// ```
public protocol IndexedEntity: AppEntity {
    /// Extra words that find the entity but are not shown. Default: none.
    var indexedKeywords: [String] { get }
    /// Groups records for deletion by domain; `a.b` also covers `a.b.c`. Default: none.
    var indexedDomain: String? { get }
    /// The record a donation of this entity carries.
    func record(bundle: String) -> Record
}

extension IndexedEntity {
    public var indexedKeywords: [String] { [] }
    public var indexedDomain: String? { nil }

    public func record(bundle: String) -> Record {
        var record = representation(bundle: bundle)
        record.keywords = indexedKeywords
        record.domain = indexedDomain
        return record
    }
}
