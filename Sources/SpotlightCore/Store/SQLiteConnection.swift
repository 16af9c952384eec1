internal import CSQLite
import Foundation
import SpotlightModel

/// A value bound to a statement parameter.
///
/// Keys and domains are bound as `.utf8`: their UTF-8 bytes as a BLOB, so identifiers with
/// NUL or any other character round-trip exactly and compare byte for byte.
enum SQLValue {
    case utf8(String)
    case blob(Data)
    case int(Int64)
    case double(Double)
    case null
}

/// One result row of a stepping statement; valid only inside the row callback.
struct SQLRow {
    fileprivate let handle: OpaquePointer

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    /// The column's bytes (TEXT or BLOB) as data; empty for NULL.
    func data(_ column: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// Calls `body` with the column's bytes (TEXT or BLOB; empty for NULL) where SQLite holds
    /// them, without a copy; they are valid only during `body`.
    func withBytes<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        // The pointer first, then its length: SQLite's documented order.
        let bytes = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return try body(UnsafeRawBufferPointer(start: count > 0 ? bytes : nil, count: bytes == nil ? 0 : count))
    }

    /// The column's bytes decoded as UTF-8 (keys are stored as UTF-8 BLOBs).
    func string(_ column: Int32) -> String { String(decoding: data(column), as: UTF8.self) }
}

/// One open SQLite database: the only place that calls sqlite3.
///
/// Every result code goes through ``check(_:_:)``, which turns failures into
/// ``SpotlightError``s that name the database path. Statements are prepared once and cached
/// by their SQL text. Not thread-safe: the owner serialises calls.
final class SQLiteConnection {
    let path: String
    private var db: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]

    /// Opens (creating if needed) the database file at `path`.
    init(path: String) throws {
        self.path = path
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &handle, flags, nil)
        db = handle
        if rc != SQLITE_OK {
            let error = makeError(rc, "open")
            close()
            throw error
        }
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit { close() }

    /// Finalizes every cached statement and closes the database; later calls fail.
    func close() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements.removeAll()
        if let db { sqlite3_close_v2(db) }
        db = nil
    }

    /// True while a transaction is open (SQLite rolls back by itself after some failures).
    var inTransaction: Bool {
        guard let db else { return false }
        return sqlite3_get_autocommit(db) == 0
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { db.map { Int(sqlite3_changes($0)) } ?? 0 }

    /// Runs `sql` (cached) with `bindings`, ignoring any result rows.
    func run(_ sql: String, _ bindings: [SQLValue] = []) throws {
        try run(sql, bindings) { _ in }
    }

    /// Runs `sql` (cached) with `bindings`, calling `row` for each result row.
    func run(_ sql: String, _ bindings: [SQLValue], row: (SQLRow) throws -> Void) throws {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (offset, value) in bindings.enumerated() {
            try bind(value, at: Int32(offset + 1), in: statement, sql: sql)
        }
        while true {
            let rc = try check(sql) { sqlite3_step(statement) }
            guard rc == SQLITE_ROW else { return }
            try row(SQLRow(handle: statement))
        }
    }

    /// Runs SQL that may hold several statements and binds nothing (schema, pragmas).
    func execute(_ sql: String) throws {
        try check(sql) { sqlite3_exec(db, sql, nil, nil, nil) }
    }

    /// The single choke point: returns `rc` when it means success (OK, ROW, DONE) and
    /// throws the matching ``SpotlightError`` otherwise.
    @discardableResult
    func check(_ what: String, _ call: () -> Int32) throws -> Int32 {
        guard db != nil else {
            throw SpotlightError(.internal, "the record store at \(path) is closed; open it again")
        }
        let rc = call()
        switch rc {
        case SQLITE_OK, SQLITE_ROW, SQLITE_DONE: return rc
        default: throw makeError(rc, what)
        }
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let cached = statements[sql] { return cached }
        var statement: OpaquePointer?
        try check(sql) { sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) }
        guard let statement else {
            throw SpotlightError(.internal, "SQLite prepared no statement for: \(sql)")
        }
        statements[sql] = statement
        return statement
    }

    private func bind(_ value: SQLValue, at index: Int32, in statement: OpaquePointer, sql: String) throws {
        try check(sql) {
            switch value {
            case .utf8(var text):
                // The string's own bytes (SQLite copies them): `Data(text.utf8)` was a tenth of
                // reading a page of hits' records.
                return text.withUTF8 { bindBytes(UnsafeRawBufferPointer($0), at: index, in: statement) }
            case .blob(let data):
                return data.withUnsafeBytes { bindBytes($0, at: index, in: statement) }
            case .int(let number): return sqlite3_bind_int64(statement, index, number)
            case .double(let number): return sqlite3_bind_double(statement, index, number)
            case .null: return sqlite3_bind_null(statement, index)
            }
        }
    }

    private func bindBytes(_ buffer: UnsafeRawBufferPointer, at index: Int32, in statement: OpaquePointer) -> Int32 {
        // A zero-length blob still needs a non-null pointer, or SQLite binds NULL.
        let base = buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1)
        return sqlite3_bind_blob64(statement, index, base, UInt64(buffer.count), transient)
    }

    /// Maps a SQLite result code to the project's error codes; sqlite3_errmsg is the underlying cause.
    private func makeError(_ rc: Int32, _ what: String) -> SpotlightError {
        let reason = db.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(rc))
        let underlying = "\(reason) [SQLite code \(rc)] in: \(what)"
        switch rc & 0xff {
        case SQLITE_FULL, SQLITE_IOERR:
            return SpotlightError(.io, "not stored: the disk refused a write to \(path) (\(reason)); "
                + "free space or fix the disk and try again", underlying: underlying)
        case SQLITE_BUSY, SQLITE_LOCKED:
            return SpotlightError(.locked, "the record store \(path) is locked by another writer; "
                + "stop the other spotlightd or use another data directory", underlying: underlying)
        case SQLITE_NOTADB, SQLITE_CORRUPT:
            return SpotlightError(.corrupt, "\(path) is not a sound record store database; restart spotlightd (or "
                + "the app embedding the engine): its start-up check moves a damaged store aside; then restore a "
                + "backup of the store or let the apps donate again", underlying: underlying)
        case SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM:
            return SpotlightError(.io, "cannot open \(path) for writing (\(reason)); \(cannotOpenAdvice())",
                                  underlying: underlying)
        default:
            return SpotlightError(.internal, "SQLite failed on \(path): \(reason)", underlying: underlying)
        }
    }
}

extension SQLiteConnection {
    /// What to do about a database file SQLite cannot open: a directory in its place is named
    /// as one (SQLite says only "unable to open database file").
    fileprivate func cannotOpenAdvice() -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "it is a directory, not a database file: move it out of the way (or put the database file "
                + "back there) and try again"
        }
        return "check that its directory exists and is writable"
    }
}

/// SQLite copies bound bytes at once (SQLITE_TRANSIENT), so the buffer may go away.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
