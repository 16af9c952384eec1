import Foundation
import SpotlightModel

/// A stored record that does not decode (bytes changed under SQLite's page checks, or a record
/// an older version stored that this one refuses) costs only itself. The engine's reads leave
/// it out of the index, of a search's page and of a rebuild, and report it once in the log
/// and in `status` until its key is donated again or deleted. Everything else is served.
/// Reads without this would fail every search that hits it and stall the index's catch-up
/// for every bundle, and a start after an unclean shutdown would move the whole store aside.
extension SpotlightEngine {
    /// Damaged keys logged one by one; after these the log says `spotlightctl check` lists the rest.
    static let damagedKeysLogged = 20

    /// Has `store`'s reads leave out records that do not decode and report them here.
    func leaveOutDamagedRecords(of store: RecordStore) {
        store.onDamagedRecord = { [weak self] key, error in self?.noteDamaged(key, error) }
    }

    /// Remembers keys found damaged by a check of the whole store.
    func noteDamaged(_ keys: [RecordKey]) {
        shared.withLock { $0.damagedRecords.formUnion(keys) }
    }

    /// Those of `keys` whose stored record does not decode (found so by a read or by the
    /// start-up check, and not donated again or deleted since), in the order of `keys`: a
    /// lookup that leaves them out can say why.
    ///
    /// ```swift
    /// let records = try engine.records(for: keys)
    /// let damaged = engine.damagedKeys(among: keys)   // left out of `records`
    /// ```
    public func damagedKeys(among keys: [RecordKey]) -> [RecordKey] {
        shared.withLock { s in s.damagedRecords.isEmpty ? [] : keys.filter(s.damagedRecords.contains) }
    }

    /// Forgets the keys of `changes` that were read sound or deleted: they are mended.
    func noteMended(_ changes: [StoreChange]) {
        noteMended(keys: changes.lazy.filter { !$0.damaged }.map(\.key))
    }

    /// Forgets `keys`, read sound from the store (donated again: mended even before the
    /// index's catch-up says so) or deleted.
    func noteMended(keys: some Sequence<RecordKey>) {
        shared.withLock { s in
            guard !s.damagedRecords.isEmpty else { return }
            for key in keys { s.damagedRecords.remove(key) }
        }
    }

    /// What `status` says while some stored records do not decode; nil when none.
    static func damagedRecordsProblem(_ keys: Set<RecordKey>) -> String? {
        guard let first = keys.min(by: { "\($0)" < "\($1)" }) else { return nil }
        let one = keys.count == 1
        return "\(keys.count) stored record\(one ? " does" : "s do") not decode (\(first)\(one ? "" : ", …")); "
            + "\(one ? "it is" : "they are") left out of the index and of answers: donate \(one ? "it" : "them") "
            + "again (`spotlightctl rebuild --from-apps` asks every app) or restore a backup of the store; "
            + "`spotlightctl check` lists \(one ? "it" : "them")"
    }

    private func noteDamaged(_ key: RecordKey, _ error: SpotlightError) {
        let count = shared.withLock { s -> Int? in
            s.damagedRecords.insert(key).inserted ? s.damagedRecords.count : nil
        }
        guard let count, count <= Self.damagedKeysLogged + 1 else { return }
        if count > Self.damagedKeysLogged {
            return options.log(.error, "more stored records do not decode; `spotlightctl check` lists them all")
        }
        options.log(.error, "the stored record \(key) does not decode (\(error.underlying ?? error.message)); "
            + "it is left out of the index and of answers until it is donated again")
    }
}
