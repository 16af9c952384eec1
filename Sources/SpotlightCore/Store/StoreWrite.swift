import Foundation
import SpotlightModel

/// A compare-and-swap of a bundle's client state, done in the same transaction as a donation.
///
/// ```swift
/// // Only the first donation of this app may store state "v1":
/// let update = ClientStateUpdate(expected: .some(nil), new: Data("v1".utf8))
/// ```
public struct ClientStateUpdate: Sendable, Hashable {
    /// `nil`: do not check; `.some(nil)`: expect no state yet; `.some(x)`: expect exactly `x`.
    public var expected: Data??
    /// The state stored when the check holds.
    public var new: Data

    public init(expected: Data??, new: Data) {
        self.expected = expected
        self.new = new
    }
}

/// One write in a group commit (``RecordStore/apply(_:)``).
///
/// ```swift
/// let writes: [StoreWrite] = [
///     .upsert([record], clientState: nil),
///     .delete(.domain(bundle: "com.example.CometCal", domain: "calendar.C1")),
/// ]
/// ```
public enum StoreWrite: Sendable {
    /// Stores the records (replacing any with the same key). When `clientState` is given,
    /// every record must belong to one bundle, whose state is compared and swapped.
    case upsert([Record], clientState: ClientStateUpdate?)
    /// Deletes the records the selector names; with a client state, only when the selector's
    /// bundle has the expected state, which is then swapped in the same transaction.
    case delete(DeleteSelector, clientState: ClientStateUpdate? = nil)
    /// Adds operations to an open batch (see ``BatchOperation``): they are kept apart from
    /// the records, invisible to reads and to the index, until ``commitBatch(_:bundle:clientState:)``.
    case stage(BatchID, [BatchOperation])
    /// Applies a batch's staged operations in the order they were staged, all or nothing,
    /// after checking and swapping `bundle`'s client state; the staged rows are removed with it.
    /// Fails with `.conflict` (nothing applied, the staged rows kept for ``discardBatch(_:)``)
    /// when the state does not match.
    case commitBatch(BatchID, bundle: String, clientState: ClientStateUpdate?)
    /// Forgets a batch's staged operations; the records are untouched.
    case discardBatch(BatchID)
}

/// The name of a batch in the record store's staging table: unique for the daemon's lifetime
/// (staged rows of earlier runs are discarded when the engine opens).
public struct BatchID: Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
}

/// One operation staged in a batch.
///
/// ```swift
/// let staged: [BatchOperation] = [.upsert([record]), .delete(.ids(bundle: b, type: "Note", ids: ["n1"]))]
/// ```
public enum BatchOperation: Sendable, Hashable {
    case upsert([Record])
    case delete(DeleteSelector)
}

/// What one successful write did.
public struct StoreWriteOutcome: Sendable, Hashable {
    /// The last sequence number this write assigned; the store's last sequence before the
    /// write when it changed nothing.
    public var sequence: UInt64
    /// The keys upserted or deleted, in the order they changed.
    public var changed: [RecordKey]

    public init(sequence: UInt64, changed: [RecordKey]) {
        self.sequence = sequence
        self.changed = changed
    }
}

/// One entry of the change log, as the index applier replays it.
public struct StoreChange: Sendable, Hashable {
    public var sequence: UInt64
    public var key: RecordKey
    /// The record as stored now; `nil` when the key is deleted (the latest state at read
    /// time, so an older change of a key that changed again shows the newer record).
    public var record: Record?
    /// When `record` was last donated; nil when deleted or stored before schema 2.
    public var donated: Date?
    /// The key holds a record that does not decode (see ``RecordStore/onDamagedRecord``):
    /// `record` is nil, and the index leaves the key out as if deleted.
    public var damaged = false

    public init(sequence: UInt64, key: RecordKey, record: Record?, donated: Date? = nil) {
        self.sequence = sequence
        self.key = key
        self.record = record
        self.donated = donated
    }
}

extension StoreChange {
    /// The stored record with its donation time; nil for a deletion.
    public var donatedRecord: DonatedRecord? { record.map { DonatedRecord($0, donated: donated) } }
}
