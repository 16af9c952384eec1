import Foundation
import IntentKit

/// Creates an event in a calendar and donates it to Spotlight (unless the planted bug is on,
/// see ``PlantedBug``).
struct CreateEventIntent: AppIntent {
    static let title = "Create Event"
    static let description = "Creates an event in a calendar."

    @Parameter(title: "Title") var title: String
    @Parameter(title: "Start Date") var startDate: Date
    @Parameter(title: "All Day", default: false) var isAllDay: Bool
    @Parameter(title: "Calendar") var calendar: CalendarEntity
    @Parameter(title: "Location") var location: String?

    func perform() async throws -> some IntentResult & ReturnsValue<EventEntity> {
        let new = NewEvent(title: title, startDate: startDate, isAllDay: isAllDay, location: location,
                           calendarID: calendar.id)
        return .result(value: try await CalendarManager.shared().createEvent(new, donate: !PlantedBug.skipsEventDonation))
    }
}

/// Changes an event's title, start, location or notes and donates it again; parameters left
/// out stay as they are.
struct UpdateEventIntent: AppIntent {
    static let title = "Update Event"
    static let description = "Changes an event; what is left out stays as it is."

    @Parameter(title: "Event") var event: EventEntity
    @Parameter(title: "Title") var title: String?
    @Parameter(title: "Start Date") var startDate: Date?
    @Parameter(title: "Location") var location: String?
    @Parameter(title: "Notes") var notes: String?

    func perform() async throws -> some IntentResult & ReturnsValue<EventEntity> {
        let changes = EventChanges(title: title, startDate: startDate, location: location, notes: notes)
        return .result(value: try await CalendarManager.shared().updateEvent(id: event.id, changes))
    }
}

/// Deletes an event and removes it from Spotlight.
struct DeleteEventIntent: AppIntent {
    static let title = "Delete Event"
    static let description = "Deletes an event."

    @Parameter(title: "Event") var event: EventEntity

    func perform() async throws -> some IntentResult {
        try await CalendarManager.shared().deleteEvent(id: event.id)
        return .result()
    }
}

/// Shows an event's detail screen; the screen annotates that event, selected. As an
/// `OpenIntent` it is also what runs when a person picks the event in desktop search or
/// `spotlightctl open`.
struct OpenEventIntent: OpenIntent {
    static let title = "Open Event"
    static let description = "Shows an event in CometCal."

    @Parameter(title: "Event") var target: EventEntity

    func perform() async throws -> some IntentResult {
        try CalendarManager.shared().navigator.open(eventID: target.id)
        return .result()
    }
}
