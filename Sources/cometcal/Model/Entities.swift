import Foundation
import IntentKit

/// A calendar: a named, colored group of events. Donated to Spotlight.
struct CalendarEntity: IndexedEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Calendar"
    static let defaultQuery = CalendarEntityQuery()

    let id: String
    @Property(title: "Title") var title: String
    @Property(title: "Color") var color: CalendarColor

    init(_ calendar: StoredCalendar) {
        id = calendar.id
        title = calendar.title
        color = CalendarColor(rawValue: calendar.color) ?? .blue
    }

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: title, subtitle: "\(color.rawValue) calendar")
    }
}

/// A person invited to an event. Not donated: found through its event.
struct AttendeeEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Attendee"
    static let defaultQuery = AttendeeEntityQuery()

    let id: String
    @Property(title: "Name") var name: String
    @Property(title: "Email") var email: String

    init(_ attendee: Attendee) {
        id = attendee.id
        name = attendee.name
        email = attendee.email
    }

    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: name, subtitle: email) }
}

/// An event in a calendar. Donated to Spotlight on create and update, removed on delete;
/// its attendees' names, its calendar and its location find it too.
struct EventEntity: IndexedEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Event"
    static let defaultQuery = EventEntityQuery()

    let id: String
    @Property(title: "Title") var title: String
    @Property(title: "Start Date") var startDate: Date
    @Property(title: "End Date") var endDate: Date
    @Property(title: "All Day") var isAllDay: Bool
    @Property(title: "Location") var location: String?
    @Property(title: "Notes") var notes: String?
    @Property(title: "Calendar") var calendar: CalendarEntity
    @Property(title: "Attendees") var attendees: [AttendeeEntity]

    init(_ event: StoredEvent) {
        id = event.id
        title = event.title
        startDate = event.startDate
        endDate = event.endDate
        isAllDay = event.isAllDay
        location = event.location
        notes = event.notes
        calendar = CalendarEntity(event.calendar)
        attendees = event.attendees.map(AttendeeEntity.init)
    }

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: title, subtitle: "\(calendar.title) · \(EventText.when(self))")
    }

    var indexedKeywords: [String] {
        [calendar.title] + (location.map { [$0] } ?? []) + attendees.map(\.name)
    }
}
