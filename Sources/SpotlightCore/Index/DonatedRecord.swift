import Foundation
import SpotlightModel

/// A stored record and when it was last donated (nil for a record stored before the store
/// kept that time). The time is the store's, not part of the record or its JSON.
///
/// ```swift
/// try index.replace([DonatedRecord(record, donated: Date())])
/// ```
public struct DonatedRecord: Sendable, Hashable {
    public var record: Record
    public var donated: Date?

    public init(_ record: Record, donated: Date?) {
        self.record = record
        self.donated = donated
    }
}
