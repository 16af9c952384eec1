import Foundation

/// How CometCal writes events for people: on its screen and on the command line.
enum EventText {
    /// "2026-06-02 09:00" in the local time zone; "2026-06-02 (all day)" for an all-day event.
    static func when(_ event: EventEntity) -> String {
        when(start: event.startDate, isAllDay: event.isAllDay)
    }

    static func when(start: Date, isAllDay: Bool) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = isAllDay ? "yyyy-MM-dd" : "yyyy-MM-dd HH:mm"
        return formatter.string(from: start) + (isAllDay ? " (all day)" : "")
    }

    /// One line of the event list: "• Morning Launch Briefing — 2026-06-02 09:00, Mission Control".
    static func listLine(_ event: EventEntity) -> String {
        "• \(event.title) — \(when(event)), \(event.calendar.title)"
    }

    /// The detail screen: the title alone on the first line, then one fact per line.
    static func detail(_ event: EventEntity) -> [String] {
        var lines = [event.title, "Calendar: \(event.calendar.title)", "When: \(when(event))"]
        if let location = event.location { lines.append("Location: \(location)") }
        if let notes = event.notes { lines.append("Notes: \(notes)") }
        if !event.attendees.isEmpty {
            lines.append("Attendees: " + event.attendees.map { "\($0.name) <\($0.email)>" }.joined(separator: ", "))
        }
        return lines
    }
}
