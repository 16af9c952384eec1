import Foundation

/// A calendar as CometCal's store keeps it.
struct StoredCalendar: Hashable, Sendable {
    var id: String
    var title: String
    /// A ``CalendarColor`` raw value.
    var color: String
}

/// A person invited to an event.
struct Attendee: Hashable, Sendable {
    var id: String
    var name: String
    var email: String
}

/// An event as CometCal's store keeps it, with its calendar and attendees loaded.
struct StoredEvent: Hashable, Sendable {
    var id: String
    var title: String
    var startDate: Date
    var endDate: Date
    var isAllDay: Bool
    var location: String?
    var notes: String?
    var calendar: StoredCalendar
    var attendees: [Attendee]
}

/// What creating an event needs. The end is one hour after the start, or a day for an
/// all-day event.
struct NewEvent: Sendable {
    var title: String
    var startDate: Date
    var isAllDay: Bool = false
    var location: String?
    var notes: String?
    var calendarID: String
    /// Names and emails of the people invited.
    var attendees: [(name: String, email: String)] = []

    var endDate: Date { startDate.addingTimeInterval(isAllDay ? 24 * 3600 : 3600) }
}

/// The changes an update makes; `nil` leaves a field as it is. A new start keeps the duration.
struct EventChanges: Sendable {
    var title: String?
    var startDate: Date?
    var location: String?
    var notes: String?
}

/// Title matching the way people type: case- and diacritic-insensitive.
enum TitleMatch {
    /// Folds case and diacritics: "Café" and "CAFE" fold alike.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Whether `title` contains `string`; an empty (or blank) string matches everything.
    static func matches(_ title: String, _ string: String) -> Bool {
        let needle = fold(string.trimmingCharacters(in: .whitespacesAndNewlines))
        return needle.isEmpty || fold(title).contains(needle)
    }

    /// Matching items, best first: an exact title, then a title starting with the string,
    /// then the rest, each group in the given order.
    static func ranked<T>(_ items: [T], matching string: String, title: (T) -> String) -> [T] {
        let needle = fold(string.trimmingCharacters(in: .whitespacesAndNewlines))
        func rank(_ item: T) -> Int {
            let folded = fold(title(item))
            return folded == needle ? 0 : folded.hasPrefix(needle) ? 1 : 2
        }
        let matching = items.enumerated().filter { matches(title($0.element), string) }
        return matching.sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
    }
}
