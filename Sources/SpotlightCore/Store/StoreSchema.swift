import SpotlightModel

// The record store's schema. SQLite, WAL mode, synchronous=FULL; version in PRAGMA user_version.
//
// records        one row per donated record, the source of truth.
//   bundle, type, id   BLOB (UTF-8 bytes), the unique key; BLOBs compare byte for byte, so any
//                      character (NUL, separators) is safe and nothing is collated or escaped.
//   domain             BLOB (UTF-8) or NULL; `a.b` covers `a.b.c`, found by the byte range
//                      ['a.b.', 'a.b/') rather than LIKE, so `%` and `_` are ordinary bytes.
//   expiration         REAL seconds since 1970 or NULL; sweepExpired deletes rows <= now.
//   sequence           INTEGER, the sequence number of the change that wrote this row.
//   json               BLOB, the record in its documented JSON form (docs/records.md), since schema 6
//                      a Zstandard frame of it (level 1, made against StoredRecordCodec.dictionary,
//                      with its size and checksum; first bytes 28 B5 2F FD). A blob whose first
//                      byte is `{` is the plain text (a row written before schema 4); any other is a
//                      zlib stream (RFC 1950, deflate level 1, first byte 0x78: a row written by
//                      schema 4 or 5). Rows are never rewritten to a newer form. Every reader goes
//                      through StoredRecordCodec.
//   donated            REAL seconds since 1970 when the record was last donated, or NULL for a
//                      row written before schema 2; not part of the record (export leaves it out).
// changes        the change log the index applier replays: one row per upsert or delete.
//   sequence           INTEGER PRIMARY KEY, increasing; rows <= n are pruned once applied.
//   bundle, type, id   the key that changed (its current state is read from records).
// sequence_counter  one row: the last sequence number handed out. Kept apart from changes so a
//                   number is never reused after the log is pruned.
// client_state   an opaque value per bundle that a donating app compares-and-swaps.
//   bundle             BLOB (UTF-8) primary key; state BLOB.
// synonyms       a bundle's synonym table (schema 2): one row per term. Not derived from records,
//                so a rebuild of the index keeps it; the engine loads all of it at open.
//   bundle, term       BLOB (UTF-8), the primary key; term folded like a query word.
//   synonyms           BLOB, a JSON array of the term's folded synonyms (1...32 of them).
// record_counts  (schema 5) how many records each (bundle, type) has, kept by the triggers
//                records_counted_insert and records_counted_delete, so status reads a few rows
//                instead of counting the whole records table. An upsert of an existing key is an
//                UPDATE (INSERT ... ON CONFLICT DO UPDATE), which leaves the count alone.
//   bundle, type       BLOB (UTF-8), the primary key; count INTEGER (rows at 0 are left in place).
// batch_writes   operations staged in an open batch (schema 3), applied to records by the batch's
//                commit, in position order, in one transaction; never read by the index applier,
//                `get` or export, so nothing of a batch is visible before it commits. Emptied
//                when the engine opens: a batch does not outlive the daemon that began it.
//   batch              BLOB, the batch's BatchID; position INTEGER, the order of staging.
//   operation          INTEGER: 0 upsert, 1 delete one key, 2 delete a domain, 3 delete a type,
//                      4 delete the bundle.
//   bundle, type, id   BLOB (UTF-8): the key (upsert, delete one key), the type (delete a type).
//   domain             BLOB: the record's domain (upsert) or the domain deleted.
//   expiration, json   as in records (upsert only); json compressed alike, and copied as it is
//                      into records by the commit.

/// The schema version this code writes, stored in `PRAGMA user_version`.
/// 4: `json` holds compressed JSON; an older spotlightd, which would read it as text, refuses it.
/// 5: record_counts and its triggers.
/// 6: `json` holds Zstandard frames; an older spotlightd, which cannot read them, refuses it.
let storeSchemaVersion: Int64 = 6

/// Every migration, in one place: `migrations[n]` takes the schema from version n to n + 1.
private let migrations: [String] = [
    """
    CREATE TABLE records(
        bundle BLOB NOT NULL, type BLOB NOT NULL, id BLOB NOT NULL,
        domain BLOB, expiration REAL, sequence INTEGER NOT NULL, json BLOB NOT NULL,
        PRIMARY KEY(bundle, type, id)) WITHOUT ROWID;
    CREATE INDEX records_by_domain ON records(bundle, domain) WHERE domain IS NOT NULL;
    CREATE INDEX records_by_expiration ON records(expiration) WHERE expiration IS NOT NULL;
    CREATE TABLE changes(
        sequence INTEGER PRIMARY KEY, bundle BLOB NOT NULL, type BLOB NOT NULL, id BLOB NOT NULL);
    CREATE TABLE sequence_counter(
        only INTEGER PRIMARY KEY CHECK (only = 1), last INTEGER NOT NULL);
    INSERT INTO sequence_counter(only, last) VALUES (1, 0);
    CREATE TABLE client_state(bundle BLOB PRIMARY KEY NOT NULL, state BLOB NOT NULL) WITHOUT ROWID;
    """,
    """
    CREATE TABLE synonyms(
        bundle BLOB NOT NULL, term BLOB NOT NULL, synonyms BLOB NOT NULL,
        PRIMARY KEY(bundle, term)) WITHOUT ROWID;
    ALTER TABLE records ADD COLUMN donated REAL;
    """,
    """
    CREATE TABLE batch_writes(
        batch BLOB NOT NULL, position INTEGER NOT NULL, operation INTEGER NOT NULL,
        bundle BLOB NOT NULL, type BLOB, id BLOB, domain BLOB, expiration REAL, json BLOB,
        PRIMARY KEY(batch, position)) WITHOUT ROWID;
    """,
    // Nothing to change: rows of plain JSON stay readable, new rows are compressed.
    "",
    """
    CREATE TABLE IF NOT EXISTS record_counts(
        bundle BLOB NOT NULL, type BLOB NOT NULL, count INTEGER NOT NULL,
        PRIMARY KEY(bundle, type)) WITHOUT ROWID;
    DELETE FROM record_counts;
    INSERT INTO record_counts(bundle, type, count) SELECT bundle, type, count(*) FROM records GROUP BY bundle, type;
    CREATE TRIGGER IF NOT EXISTS records_counted_insert AFTER INSERT ON records BEGIN
        INSERT INTO record_counts(bundle, type, count) VALUES (new.bundle, new.type, 1)
        ON CONFLICT(bundle, type) DO UPDATE SET count = count + 1;
    END;
    CREATE TRIGGER IF NOT EXISTS records_counted_delete AFTER DELETE ON records BEGIN
        UPDATE record_counts SET count = count - 1 WHERE bundle = old.bundle AND type = old.type;
    END;
    """,
    // Nothing to change: rows of plain JSON and zlib streams stay readable, new rows are Zstandard frames.
    "",
]

extension SQLiteConnection {
    /// Sets the pragmas every connection needs, then brings the schema to the current version.
    ///
    /// - Throws: `.corrupt` naming the path when the file is not a SQLite database or was
    ///   written by a newer version of this code.
    func prepareRecordStore() throws {
        // The first read of the file: a file that is not a database fails here with NOTADB.
        try execute("PRAGMA busy_timeout = 200; PRAGMA foreign_keys = OFF;")
        var mode = ""
        try run("PRAGMA journal_mode = WAL", []) { mode = $0.string(0) }
        guard mode.lowercased() == "wal" else {
            throw SpotlightError(.io, "cannot put \(path) in WAL mode (got \(mode)); "
                + "put the data directory on a local file system")
        }
        try execute("PRAGMA synchronous = FULL;")
        try migrate()
    }

    private func migrate() throws {
        guard try schemaVersion() < storeSchemaVersion else { return }
        try execute("BEGIN IMMEDIATE")
        do {
            // Read again under the write lock: another process may have migrated meanwhile.
            let version = try schemaVersion()
            for step in Int(version)..<Int(storeSchemaVersion) { try execute(migrations[step]) }
            try execute("PRAGMA user_version = \(storeSchemaVersion); COMMIT")
        } catch {
            if inTransaction { try? execute("ROLLBACK") }
            throw error
        }
    }

    private func schemaVersion() throws -> Int64 {
        var version: Int64 = 0
        try run("PRAGMA user_version", []) { version = $0.int64(0) }
        guard version <= storeSchemaVersion else {
            throw SpotlightError(.corrupt, "\(path) was written by a newer Spotlight (store schema "
                + "\(version), this one knows \(storeSchemaVersion)); upgrade spotlightd")
        }
        return version
    }
}
