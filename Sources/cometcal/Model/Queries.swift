import Foundation
import IntentKit

/// Finds events for the system: by identifier, upcoming ones as suggestions, and by title.
struct EventEntityQuery: EntityStringQuery, EnumerableEntityQuery {
    func entities(for identifiers: [EventEntity.ID]) async throws -> [EventEntity] {
        try CalendarManager.shared().store.events(ids: identifiers).map(EventEntity.init)
    }

    /// Upcoming (and ongoing) events soonest first, then past events latest first.
    func suggestedEntities() async throws -> [EventEntity] {
        let now = Date()
        let events = try CalendarManager.shared().store.events()
        let upcoming = events.filter { $0.endDate >= now }
        let past = events.filter { $0.endDate < now }.reversed()
        return (upcoming + past).map(EventEntity.init)
    }

    /// Events whose title contains the string, ignoring case and diacritics; an exact title
    /// first, then titles that start with it.
    func entities(matching string: String) async throws -> [EventEntity] {
        let events = try CalendarManager.shared().store.events()
        return TitleMatch.ranked(events, matching: string, title: \.title).map(EventEntity.init)
    }

    func allEntities() async throws -> [EventEntity] {
        try CalendarManager.shared().store.events().map(EventEntity.init)
    }
}

/// Finds calendars: by identifier, all as suggestions, and by title.
struct CalendarEntityQuery: EntityStringQuery, EnumerableEntityQuery {
    func entities(for identifiers: [CalendarEntity.ID]) async throws -> [CalendarEntity] {
        try CalendarManager.shared().store.calendars(ids: identifiers).map(CalendarEntity.init)
    }

    func suggestedEntities() async throws -> [CalendarEntity] { try await allEntities() }

    /// Calendars whose title contains the string, ignoring case and diacritics; an exact
    /// title first, so "Deep Space" names that calendar even if "Deep Space Two" exists.
    func entities(matching string: String) async throws -> [CalendarEntity] {
        let calendars = try CalendarManager.shared().store.calendars()
        return TitleMatch.ranked(calendars, matching: string, title: \.title).map(CalendarEntity.init)
    }

    func allEntities() async throws -> [CalendarEntity] {
        try CalendarManager.shared().store.calendars().map(CalendarEntity.init)
    }
}

/// Finds attendees by identifier, and by name or email.
struct AttendeeEntityQuery: EntityStringQuery {
    func entities(for identifiers: [AttendeeEntity.ID]) async throws -> [AttendeeEntity] {
        let wanted = Set(identifiers)
        return try CalendarManager.shared().store.attendees().filter { wanted.contains($0.id) }.map(AttendeeEntity.init)
    }

    func suggestedEntities() async throws -> [AttendeeEntity] {
        try CalendarManager.shared().store.attendees().map(AttendeeEntity.init)
    }

    func entities(matching string: String) async throws -> [AttendeeEntity] {
        try CalendarManager.shared().store.attendees()
            .filter { TitleMatch.matches($0.name, string) || TitleMatch.matches($0.email, string) }
            .map(AttendeeEntity.init)
    }
}
