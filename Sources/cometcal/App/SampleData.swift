import Foundation

/// The known data `SeedSampleEventsIntent` and `cometcal seed` create: the calendars and
/// events of the talk ("Cosmic Ray Calibration", "Morning Launch Briefing"), dated relative to
/// today so some are upcoming and one is past. "Supernova Viewing Party" is deliberately
/// absent: the talk's Spotlight test creates it.
enum SampleData {
    static let calendars: [(title: String, color: CalendarColor)] = [
        ("Deep Space", .purple), ("Mission Control", .red), ("Stargazing", .blue),
    ]

    private struct Event {
        var title: String
        var calendar: String
        /// Days from today (UTC midnight), and the hour of day (nil: all day).
        var day: Int
        var hour: Int?
        var location: String?
        var notes: String?
        var attendees: [(String, String)] = []
    }

    private static let events: [Event] = [
        Event(title: "Morning Launch Briefing", calendar: "Mission Control", day: 1, hour: 9,
              location: "Launch Control, Room 2", notes: "Go/no-go poll for the Saturn mission.",
              attendees: [("Venkatesh", "venkatesh@example.com"), ("Justin", "justin@example.com")]),
        Event(title: "Cosmic Ray Calibration", calendar: "Deep Space", day: 2, hour: 14,
              location: "Detector Bay", notes: "Recalibrate the mostly harmless cosmic ray."),
        Event(title: "Meteor Shower Watch", calendar: "Stargazing", day: 3, hour: nil,
              location: "Observation Deck"),
        Event(title: "Café Orbital Planning", calendar: "Mission Control", day: 4, hour: 12,
              location: "Café Nebula", attendees: [("Justin", "justin@example.com")]),
        Event(title: "Dark Matter Symposium", calendar: "Deep Space", day: 5, hour: 10,
              location: "Auditorium B"),
        Event(title: "Lunar Eclipse Night", calendar: "Stargazing", day: 10, hour: 21,
              location: "Rooftop Telescope"),
        Event(title: "Crew Fitness Check", calendar: "Mission Control", day: -1, hour: 8,
              location: "Gym Module"),
    ]

    /// The sample events, for calendars by title.
    static func events(now: Date, calendarIDs: [String: String]) -> [NewEvent] {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let today = utc.startOfDay(for: now)
        return events.map { event in
            let start = today.addingTimeInterval(TimeInterval(event.day * 86_400 + (event.hour ?? 0) * 3600))
            return NewEvent(title: event.title, startDate: start, isAllDay: event.hour == nil,
                            location: event.location, notes: event.notes,
                            calendarID: calendarIDs[event.calendar] ?? "",
                            attendees: event.attendees.map { (name: $0.0, email: $0.1) })
        }
    }
}
