import Foundation
import SpotlightModel

/// CometCal's own data: calendars, events and attendees in one SQLite file,
/// `cometcal.sqlite` in the app's data directory. It is the app's source of truth: it
/// survives restarts, and a Spotlight rebuild re-donates from it.
///
/// ```swift
/// let store = try CalendarStore(directory: DataDirectory.current())
/// let deepSpace = try store.createCalendar(title: "Deep Space", color: "purple", check: { _ in })
/// let event = try store.createEvent(NewEvent(title: "Launch", startDate: Date(), calendarID: deepSpace.id),
///                                   check: { _ in })
/// ```
final class CalendarStore: Sendable {
    /// The schema version, kept in SQLite's `user_version`.
    static let schemaVersion = 1
    static let fileName = "cometcal.sqlite"

    let database: SQLite
    /// A file beside the store while the calendars a new store starts with are not yet
    /// donated (``CalendarManager/donateNewStoreCalendars()``).
    let undonatedMarker: URL

    /// Opens the store in `directory`; a new one starts with the three calendars of
    /// ``SampleData`` and no events.
    /// - Throws: `SpotlightError(.io)` if the directory or the file cannot be made or opened;
    ///   `.corrupt` for a store written by a newer CometCal.
    init(directory: URL) throws {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw SpotlightError(.io, "cannot create CometCal's data directory \(directory.path); "
                + "set COMETCAL_DATA_DIR to a writable directory", underlying: "\(error)")
        }
        database = try SQLite(path: directory.appendingPathComponent(Self.fileName).path)
        undonatedMarker = directory.appendingPathComponent("calendars-not-donated")
        if try Self.migrate(database) {
            _ = FileManager.default.createFile(atPath: undonatedMarker.path, contents: Data())
        }
    }

    /// Whether the calendars a new store started with still wait for their donation.
    var hasUndonatedCalendars: Bool { FileManager.default.fileExists(atPath: undonatedMarker.path) }

    /// Notes that every calendar was donated.
    func markCalendarsDonated() {
        try? FileManager.default.removeItem(at: undonatedMarker)
    }

    /// Creates the schema and the first calendars in a new store. - Returns: whether it did.
    private static func migrate(_ database: SQLite) throws -> Bool {
        let version = try database.withConnection { db in
            try db.rows("PRAGMA user_version").first?.first?.integer ?? 0
        }
        if version == schemaVersion { return false }
        try checkVersion(version, database)
        return try database.transaction { db in
            // Read again under the write lock: two processes starting at once on a new store
            // (the app service and the command line) would otherwise both add the calendars.
            let locked = try db.rows("PRAGMA user_version").first?.first?.integer ?? 0
            if locked == schemaVersion { return false }
            try checkVersion(locked, database)
            try db.execute("""
                CREATE TABLE IF NOT EXISTS calendars (
                    id TEXT PRIMARY KEY, title TEXT NOT NULL, color TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS events (
                    id TEXT PRIMARY KEY, title TEXT NOT NULL, start REAL NOT NULL, end REAL NOT NULL,
                    all_day INTEGER NOT NULL, location TEXT, notes TEXT,
                    calendar_id TEXT NOT NULL REFERENCES calendars(id));
                CREATE TABLE IF NOT EXISTS attendees (
                    id TEXT PRIMARY KEY, event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
                    name TEXT NOT NULL, email TEXT NOT NULL);
                CREATE INDEX IF NOT EXISTS events_start ON events(start);
                CREATE INDEX IF NOT EXISTS attendees_event ON attendees(event_id);
                PRAGMA user_version = \(Self.schemaVersion);
                """)
            // A new CometCal has the talk's three calendars ("The app currently has three
            // calendars"), so the talk's tests that name "Deep Space" run on a fresh app.
            for (title, color) in SampleData.calendars {
                try db.run("INSERT INTO calendars (id, title, color) VALUES (?, ?, ?)",
                           [.text(UUID().uuidString), .text(title), .text(color.rawValue)])
            }
            return true
        }
    }

    private static func checkVersion(_ version: Int64, _ database: SQLite) throws {
        guard version == 0 else {
            throw SpotlightError(.corrupt, "CometCal's store \(database.path) has schema version \(version), "
                + "newer than this build's \(Self.schemaVersion); use a newer cometcal or another COMETCAL_DATA_DIR")
        }
    }

    // MARK: Calendars

    /// Every calendar, by title.
    func calendars() throws -> [StoredCalendar] {
        try database.withConnection { db in try calendars(in: db) }
    }

    /// Every calendar, by title, read on `db` (inside a transaction, say).
    func calendars(in db: SQLite.Connection) throws -> [StoredCalendar] {
        try db.rows("SELECT id, title, color FROM calendars ORDER BY title COLLATE NOCASE, id")
            .map(Self.calendar(from:))
    }

    /// The calendars with these identifiers; unknown ones are left out.
    func calendars(ids: [String]) throws -> [StoredCalendar] {
        try database.withConnection { db in try calendars(ids: ids, in: db) }
    }

    /// The calendars with these identifiers, read on `db`; unknown ones are left out.
    func calendars(ids: [String], in db: SQLite.Connection) throws -> [StoredCalendar] {
        let wanted = Set(ids)
        return try calendars(in: db).filter { wanted.contains($0.id) }
    }

    /// Adds a calendar.
    /// - Parameter check: runs on the calendar before it is written; what it throws leaves
    ///   the store as it was.
    /// - Throws: `SpotlightError(.conflict)` if a calendar already has this title (ignoring
    ///   case and diacritics), since a string names a calendar by its title; what `check` throws.
    func createCalendar(title: String, color: String, check: (StoredCalendar) throws -> Void) throws -> StoredCalendar {
        try database.transaction { db in
            if let existing = try calendars(in: db).first(where: { TitleMatch.fold($0.title) == TitleMatch.fold(title) }) {
                throw SpotlightError(.conflict, "a calendar named \"\(existing.title)\" already exists; "
                    + "choose another name")
            }
            let calendar = StoredCalendar(id: UUID().uuidString, title: title, color: color)
            try check(calendar)
            try db.run("INSERT INTO calendars (id, title, color) VALUES (?, ?, ?)",
                       [.text(calendar.id), .text(calendar.title), .text(calendar.color)])
            return calendar
        }
    }

    /// Removes every event, attendee and calendar.
    func reset() throws {
        try database.transaction { db in
            try db.execute("DELETE FROM attendees; DELETE FROM events; DELETE FROM calendars;")
        }
    }

    static func calendar(from row: [SQLite.Value]) -> StoredCalendar {
        StoredCalendar(id: row[0].text ?? "", title: row[1].text ?? "", color: row[2].text ?? "")
    }
}
