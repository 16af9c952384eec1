import Foundation
import SpotlightModel

extension CalendarStore {
    /// Every event, by start date.
    func events() throws -> [StoredEvent] {
        try database.withConnection { db in try loadEvents(where: "", [], in: db) }
    }

    /// The events with these identifiers, by start date; unknown ones are left out.
    func events(ids: [String]) throws -> [StoredEvent] {
        try database.withConnection { db in try events(ids: ids, in: db) }
    }

    /// The events with these identifiers, read on `db`, by start date; unknown ones are left out.
    func events(ids: [String], in db: SQLite.Connection) throws -> [StoredEvent] {
        guard !ids.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        return try loadEvents(where: "WHERE e.id IN (\(marks))", ids.map { .text($0) }, in: db)
    }

    /// Every attendee of every event.
    func attendees() throws -> [Attendee] {
        try database.withConnection { db in
            try db.rows("SELECT id, name, email FROM attendees ORDER BY name, id").map(Self.attendee(from:))
        }
    }

    /// Adds an event with its attendees.
    /// - Parameter check: runs on the event as it will be stored, before anything is written;
    ///   what it throws leaves the store as it was.
    /// - Throws: `SpotlightError(.notFound)` if the calendar does not exist; what `check` throws.
    func createEvent(_ new: NewEvent, check: (StoredEvent) throws -> Void) throws -> StoredEvent {
        let id = UUID().uuidString
        let attendees = new.attendees.map { Attendee(id: UUID().uuidString, name: $0.name, email: $0.email) }
        try database.transaction { db in
            guard let calendar = try calendars(ids: [new.calendarID], in: db).first else {
                throw SpotlightError(.notFound, "no calendar has identifier \"\(new.calendarID)\"; "
                    + "list them with `cometcal calendars`")
            }
            try check(StoredEvent(id: id, title: new.title, startDate: new.startDate, endDate: new.endDate,
                                  isAllDay: new.isAllDay, location: new.location, notes: new.notes, calendar: calendar,
                                  attendees: attendees))
            try db.run("""
                INSERT INTO events (id, title, start, end, all_day, location, notes, calendar_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(id), .text(new.title), .real(new.startDate.timeIntervalSince1970),
                      .real(new.endDate.timeIntervalSince1970), .integer(new.isAllDay ? 1 : 0),
                      new.location.map(SQLite.Value.text) ?? .null, new.notes.map(SQLite.Value.text) ?? .null,
                      .text(new.calendarID)])
            for person in attendees {
                try db.run("INSERT INTO attendees (id, event_id, name, email) VALUES (?, ?, ?, ?)",
                           [.text(person.id), .text(id), .text(person.name), .text(person.email)])
            }
        }
        return try event(id: id)
    }

    /// Applies changes to an event; a new start keeps its duration.
    /// - Parameter check: runs on the changed event before it is written; what it throws
    ///   leaves the event as it was.
    /// - Throws: `SpotlightError(.notFound)` if the event does not exist (any more); what `check` throws.
    func updateEvent(id: String, _ changes: EventChanges, check: (StoredEvent) throws -> Void) throws -> StoredEvent {
        try database.transaction { db in
            var event = try event(id: id, in: db)
            if let title = changes.title { event.title = title }
            if let start = changes.startDate {
                event.endDate = start.addingTimeInterval(event.endDate.timeIntervalSince(event.startDate))
                event.startDate = start
            }
            if let location = changes.location { event.location = location }
            if let notes = changes.notes { event.notes = notes }
            try check(event)
            try db.run("UPDATE events SET title = ?, start = ?, end = ?, location = ?, notes = ? WHERE id = ?",
                       [.text(event.title), .real(event.startDate.timeIntervalSince1970),
                        .real(event.endDate.timeIntervalSince1970),
                        event.location.map(SQLite.Value.text) ?? .null,
                        event.notes.map(SQLite.Value.text) ?? .null, .text(id)])
            return event
        }
    }

    /// Removes an event and its attendees.
    /// - Throws: `SpotlightError(.notFound)` if the event does not exist.
    func deleteEvent(id: String) throws {
        try database.transaction { db in
            _ = try event(id: id, in: db)
            try db.run("DELETE FROM events WHERE id = ?", [.text(id)])
        }
    }

    /// One event.
    /// - Throws: `SpotlightError(.notFound)` if no event has this identifier.
    func event(id: String) throws -> StoredEvent {
        try database.withConnection { db in try event(id: id, in: db) }
    }

    /// One event, read on `db`.
    /// - Throws: `SpotlightError(.notFound)` if no event has this identifier.
    func event(id: String, in db: SQLite.Connection) throws -> StoredEvent {
        guard let event = try events(ids: [id], in: db).first else {
            throw SpotlightError(.notFound, "no event has identifier \"\(id)\"; it may have been deleted")
        }
        return event
    }

    private func loadEvents(where clause: String, _ parameters: [SQLite.Value],
                            in db: SQLite.Connection) throws -> [StoredEvent] {
        let rows = try db.rows("""
            SELECT e.id, e.title, e.start, e.end, e.all_day, e.location, e.notes, c.id, c.title, c.color
            FROM events e JOIN calendars c ON c.id = e.calendar_id \(clause) ORDER BY e.start, e.title, e.id
            """, parameters)
        var attendeesByEvent: [String: [Attendee]] = [:]
        for row in try db.rows("SELECT id, name, email, event_id FROM attendees ORDER BY name, id") {
            attendeesByEvent[row[3].text ?? "", default: []].append(Self.attendee(from: row))
        }
        return rows.map { row in
            StoredEvent(id: row[0].text ?? "", title: row[1].text ?? "",
                        startDate: Date(timeIntervalSince1970: row[2].real ?? 0),
                        endDate: Date(timeIntervalSince1970: row[3].real ?? 0),
                        isAllDay: row[4].integer == 1, location: row[5].text, notes: row[6].text,
                        calendar: Self.calendar(from: Array(row[7...9])),
                        attendees: attendeesByEvent[row[0].text ?? ""] ?? [])
        }
    }

    static func attendee(from row: [SQLite.Value]) -> Attendee {
        Attendee(id: row[0].text ?? "", name: row[1].text ?? "", email: row[2].text ?? "")
    }
}
