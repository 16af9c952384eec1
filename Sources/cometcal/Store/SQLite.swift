import Foundation
import CSQLite
import Synchronization
import SpotlightModel

/// The app store's SQLite database, shared by concurrent intents. Its one ``Connection`` lives
/// in a `Mutex`; a caller gets it only as the `inout sending` parameter of a closure that
/// returns a `Sendable` value, so the compiler checks that one thread at a time uses the
/// connection and that nothing keeps it past the closure.
///
/// ```swift
/// let database = try SQLite(path: "/tmp/cometcal/cometcal.sqlite")
/// try database.transaction { db in
///     try db.execute("CREATE TABLE t (x TEXT)")
///     try db.run("INSERT INTO t VALUES (?)", [.text("hello")])
/// }
/// let rows = try database.withConnection { db in try db.rows("SELECT x FROM t") }   // [[.text("hello")]]
/// ```
final class SQLite: Sendable {
    /// A bound parameter or a column value.
    enum Value: Hashable, Sendable {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)

        var text: String? { if case .text(let s) = self { return s } else { return nil } }
        var real: Double? {
            switch self {
            case .real(let d): return d
            case .integer(let i): return Double(i)
            default: return nil
            }
        }
        var integer: Int64? { if case .integer(let i) = self { return i } else { return nil } }
    }

    let path: String
    private let connection: Mutex<Connection>

    /// Opens (creating) the database in WAL mode with a busy timeout, so the app service and
    /// the command line can use it at once.
    /// - Throws: `SpotlightError(.io)` if the file cannot be opened.
    init(path: String) throws {
        self.path = path
        connection = Mutex(try Connection(path: path))
    }

    /// Runs `body` with the connection, holding it: no other caller's statement runs in between.
    /// A query the store also runs inside transactions takes the connection as a parameter,
    /// so it can be called from here and from a transaction's body alike.
    // `inout sending`, as `Mutex.withLock` gives it: a plain `(Connection)` closure would let a
    // caller copy the connection into a captured variable and use it outside the lock.
    func withConnection<T: Sendable>(_ body: (inout sending Connection) throws -> T) throws -> T {
        try connection.withLock { db in try body(&db) }
    }

    /// Runs `body` in one transaction on the connection; rolls back if it throws. The body
    /// runs its statements on the connection it is given, which this call already holds.
    func transaction<T: Sendable>(_ body: (inout sending Connection) throws -> T) throws -> T {
        try connection.withLock { db in
            try db.execute("BEGIN IMMEDIATE")
            do {
                let value = try body(&db)
                try db.execute("COMMIT")
                return value
            } catch {
                try? db.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// One open SQLite connection. Every sqlite3 call goes through ``check(_:_:)``, which turns
    /// a failing status into a `SpotlightError` naming the call and SQLite's message. Not
    /// `Sendable`: it is reached only through ``SQLite/withConnection(_:)`` and
    /// ``SQLite/transaction(_:)``, which hold the lock while it is in use.
    final class Connection {
        let path: String
        // Closed in deinit, when the `SQLite` that owns this connection goes away.
        private let handle: OpaquePointer

        fileprivate init(path: String) throws {
            self.path = path
            var db: OpaquePointer?
            let status = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nil)
            guard status == SQLITE_OK, let db else {
                let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
                sqlite3_close_v2(db)
                throw SpotlightError(.io, "cannot open CometCal's store at \(path): \(message); "
                    + "check that the directory is writable or set COMETCAL_DATA_DIR")
            }
            handle = db
            sqlite3_busy_timeout(db, 5000)
            try execute("PRAGMA journal_mode=WAL; PRAGMA foreign_keys=ON;")
        }

        deinit { sqlite3_close_v2(handle) }

        /// Runs one or more statements without parameters.
        func execute(_ sql: String) throws {
            try check("sqlite3_exec", sqlite3_exec(handle, sql, nil, nil, nil))
        }

        /// Runs one statement with parameters, ignoring rows.
        func run(_ sql: String, _ parameters: [Value] = []) throws {
            _ = try rows(sql, parameters)
        }

        /// Runs one statement and returns its rows, each a list of column values.
        func rows(_ sql: String, _ parameters: [Value] = []) throws -> [[Value]] {
            var statement: OpaquePointer?
            try check("sqlite3_prepare_v2", sqlite3_prepare_v2(handle, sql, -1, &statement, nil))
            defer { sqlite3_finalize(statement) }
            for (i, value) in parameters.enumerated() {
                try check("sqlite3_bind", bind(value, at: Int32(i + 1), in: statement))
            }
            var result: [[Value]] = []
            while true {
                let status = sqlite3_step(statement)
                if status == SQLITE_DONE { return result }
                guard status == SQLITE_ROW else { try check("sqlite3_step", status); return result }
                result.append((0..<sqlite3_column_count(statement)).map { column(Int32($0), of: statement) })
            }
        }

        /// The one place a SQLite status becomes an error.
        private func check(_ call: String, _ status: Int32) throws {
            guard status != SQLITE_OK, status != SQLITE_ROW, status != SQLITE_DONE else { return }
            let message = String(cString: sqlite3_errmsg(handle))
            throw SpotlightError(.io, "CometCal's store (\(path)): \(call) failed: \(message)",
                                 underlying: "sqlite status \(status)")
        }

        private func bind(_ value: Value, at index: Int32, in statement: OpaquePointer?) -> Int32 {
            switch value {
            case .null: return sqlite3_bind_null(statement, index)
            case .integer(let i): return sqlite3_bind_int64(statement, index, i)
            case .real(let d): return sqlite3_bind_double(statement, index, d)
            case .text(let s):
                // With its byte count, not up to the first NUL: a title "a\0b" is stored whole.
                let bytes = sqlite3_uint64(s.utf8.count)
                return s.withCString { sqlite3_bind_text64(statement, index, $0, bytes, transient, UInt8(SQLITE_UTF8)) }
            }
        }

        private func column(_ index: Int32, of statement: OpaquePointer?) -> Value {
            switch sqlite3_column_type(statement, index) {
            case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
            case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
            case SQLITE_NULL: return .null
            default: return .text(text(index, of: statement))
            }
        }

        /// A text column, read with its byte count (`sqlite3_column_bytes` after
        /// `sqlite3_column_text`, as SQLite asks), so a NUL inside it does not end it.
        private func text(_ index: Int32, of statement: OpaquePointer?) -> String {
            guard let bytes = sqlite3_column_text(statement, index) else { return "" }
            let count = Int(sqlite3_column_bytes(statement, index))
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }
    }
}

/// SQLite copies bound text at once (SQLITE_TRANSIENT).
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
