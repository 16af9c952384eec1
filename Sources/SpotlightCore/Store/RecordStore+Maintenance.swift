import Foundation
import SpotlightModel

/// Expiry sweeps, change-log pruning, integrity checks and size.
extension RecordStore {
    /// Deletes, durably, every record whose expiration is at or before `now`; each gets a
    /// change-log entry so the index drops it too.
    ///
    /// ```swift
    /// let swept = try store.sweepExpired(now: Date())
    /// ```
    /// - Returns: the keys deleted.
    public func sweepExpired(now: Date) throws -> [RecordKey] {
        try transaction {
            var expired: [RecordKey] = []
            try connection.run("""
                DELETE FROM records WHERE expiration IS NOT NULL AND expiration <= ?
                RETURNING bundle, type, id
                """, [.double(now.timeIntervalSince1970)]) {
                expired.append(RecordKey(bundle: $0.string(0), type: $0.string(1), id: $0.string(2)))
            }
            return try logChanges(expired).changed
        }
    }

    /// Drops change-log entries up to and including `sequence` (the index has applied them).
    /// Later entries stay, and sequence numbers are never reused.
    ///
    /// ```swift
    /// try store.pruneChanges(through: indexLastApplied)
    /// ```
    public func pruneChanges(through sequence: UInt64) throws {
        let bound = Int64(clamping: sequence)
        try connection.run("DELETE FROM changes WHERE sequence <= ?", [.int(bound)])
    }

    /// Runs SQLite's `PRAGMA integrity_check`, then checks that every stored record decodes
    /// under its key and that no sequence number is above the counter.
    ///
    /// ```swift
    /// let problems = try store.integrityCheck()   // [] when sound
    /// ```
    /// - Returns: one line per problem found; empty when the store is sound.
    /// - Throws: `.corrupt` when the file is too damaged to check.
    public func integrityCheck() throws -> [String] {
        let damage = try findDamage()
        return damage.fileProblems + damage.recordProblems
    }

    /// ``integrityCheck()``'s findings apart: damage to the file, for which the store cannot
    /// be trusted as a whole, and records that do not decode, which cost only themselves.
    ///
    /// ```swift
    /// let damage = try store.findDamage()
    /// if damage.fileProblems.isEmpty { print(damage.damagedKeys.count, "records need donating again") }
    /// ```
    /// - Throws: `.corrupt` when the file is too damaged to check.
    public func findDamage() throws -> StoreDamage {
        var damage = StoreDamage()
        try connection.run("PRAGMA integrity_check", []) { row in
            let line = row.string(0)
            if line != "ok" { damage.fileProblems.append(line) }
        }
        guard damage.fileProblems.isEmpty else { return damage }
        let counter = try currentSequence()
        try connection.run("SELECT bundle, type, id, sequence, json FROM records", []) { row in
            let key = RecordKey(bundle: row.string(0), type: row.string(1), id: row.string(2))
            if UInt64(max(0, row.int64(3))) > counter {
                damage.fileProblems.append("record \(key) has sequence \(row.int64(3)) above the counter \(counter)")
            }
            guard let record = try? decodeRecord(row, 4, key: key) else {
                damage.damagedKeys.append(key)
                return damage.recordProblems.append("record \(key) does not decode "
                    + "(neither JSON text nor a sound Zstandard frame or zlib stream of it)")
            }
            if record.key != key { damage.recordProblems.append("record \(key) holds the record of \(record.key)") }
        }
        try connection.run("SELECT max(sequence) FROM changes", []) { row in
            if !row.isNull(0), UInt64(max(0, row.int64(0))) > counter {
                damage.fileProblems.append("the change log reaches sequence \(row.int64(0)), "
                    + "above the counter \(counter)")
            }
        }
        return damage
    }

    /// Runs SQLite's `PRAGMA quick_check` (page structure, no index cross-checks): fast
    /// enough for every start.
    ///
    /// ```swift
    /// let problems = try store.quickCheck()   // [] when sound
    /// ```
    /// - Returns: one line per problem found; empty when the store is sound.
    /// - Throws: `.corrupt` when the file is too damaged to check.
    public func quickCheck() throws -> [String] {
        var problems: [String] = []
        try connection.run("PRAGMA quick_check", []) { row in
            let line = row.string(0)
            if line != "ok" { problems.append(line) }
        }
        return problems
    }

    /// The bytes the store takes on disk: the database file plus its write-ahead log.
    ///
    /// ```swift
    /// print(try store.sizeInBytes())
    /// ```
    public func sizeInBytes() throws -> Int64 {
        var total: Int64 = 0
        for file in [path, path + "-wal"] {
            var info = stat()
            guard stat(file, &info) == 0 else {
                if errno == ENOENT && file != path { continue }
                throw SpotlightError(.io, "cannot read the size of \(file); check that it exists",
                                     underlying: String(cString: strerror(errno)))
            }
            total += Int64(info.st_size)
        }
        return total
    }
}

/// What ``RecordStore/findDamage()`` found; every list empty when the store is sound.
public struct StoreDamage: Sendable, Hashable {
    /// SQLite's integrity check's lines and sequence numbers above the counter: the file
    /// cannot be trusted as a whole.
    public var fileProblems: [String] = []
    /// One line per record that does not decode, or decodes to another key.
    public var recordProblems: [String] = []
    /// The keys whose stored record does not decode: donating them again mends them.
    public var damagedKeys: [RecordKey] = []

    public init(fileProblems: [String] = [], recordProblems: [String] = [], damagedKeys: [RecordKey] = []) {
        self.fileProblems = fileProblems
        self.recordProblems = recordProblems
        self.damagedKeys = damagedKeys
    }
}
