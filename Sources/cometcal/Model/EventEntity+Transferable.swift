import Foundation
import IntentKit

/// Events hand over as an iCalendar event (RFC 5545), the form another app's "add to calendar"
/// takes, and as their title (App Intents passes an entity on this way; here another process
/// asks the app service's `exportEntity`).
extension EventEntity: Transferable {
    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .calendarEvent) { event in Data(ICalendarText.event(event).utf8) }
            .suggestedFileName { "\($0.title).ics" }
        ProxyRepresentation(exporting: \.title)
    }
}

/// An event as one VEVENT in a VCALENDAR: CRLF line ends, text escaped, lines folded at 75 octets.
enum ICalendarText {
    static func event(_ event: EventEntity) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//CometCal//CometCal//EN", "BEGIN:VEVENT",
                     "UID:\(escaped(event.id))@cometcal", "DTSTAMP:\(dateTime(event.startDate))"]
        if event.isAllDay {
            lines += ["DTSTART;VALUE=DATE:\(date(event.startDate))", "DTEND;VALUE=DATE:\(date(event.endDate))"]
        } else {
            lines += ["DTSTART:\(dateTime(event.startDate))", "DTEND:\(dateTime(event.endDate))"]
        }
        lines.append("SUMMARY:\(escaped(event.title))")
        if let location = event.location { lines.append("LOCATION:\(escaped(location))") }
        if let notes = event.notes { lines.append("DESCRIPTION:\(escaped(notes))") }
        lines.append("CATEGORIES:\(escaped(event.calendar.title))")
        for attendee in event.attendees {
            lines.append("ATTENDEE;CN=\"\(attendee.name.filter { $0 != "\"" })\":mailto:\(attendee.email)")
        }
        lines += ["END:VEVENT", "END:VCALENDAR"]
        return lines.map(folded).joined(separator: "\r\n") + "\r\n"
    }

    /// TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545, 3.3.11).
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n", "\r\n", "\r": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }

    /// A content line of more than 75 octets goes on in lines starting with a space, never
    /// splitting a UTF-8 sequence (RFC 5545, 3.1).
    static func folded(_ line: String) -> String {
        var result = ""
        var octets = 0
        for character in line {
            let size = String(character).utf8.count
            if octets + size > 75 {
                result += "\r\n "
                octets = 1
            }
            result.append(character)
            octets += size
        }
        return result
    }

    private static func dateTime(_ date: Date) -> String { formatted(date, "yyyyMMdd'T'HHmmss'Z'", utc: true) }
    private static func date(_ date: Date) -> String { formatted(date, "yyyyMMdd", utc: false) }

    private static func formatted(_ date: Date, _ format: String, utc: Bool) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = utc ? TimeZone(identifier: "UTC") : TimeZone.current
        formatter.dateFormat = format
        return formatter.string(from: date)
    }
}
