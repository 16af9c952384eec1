import Foundation
import SpotlightModel

/// `cometcal` for a person: list calendars and events, add, open and delete events, seed the
/// sample data, re-donate everything. Changes donate to Spotlight as the intents do.
enum HumanCommandLine {
    static let usage = """
    cometcal — CometCal, the sample calendar app: an IntentKit app service and a command line.

    USAGE:
      cometcal calendars                     list the calendars
      cometcal events [--calendar NAME]      list events by start date
      cometcal add TITLE --calendar NAME --start ISO8601 [--all-day] [--location L] [--notes N]
                                             add an event and donate it to Spotlight
      cometcal open TITLE                    show an event (the first whose title contains TITLE)
      cometcal delete TITLE                  delete an event and remove it from Spotlight
      cometcal seed                          replace ALL data with the sample calendars and events
      cometcal reindex                       donate every calendar and event to Spotlight again
      cometcal --install | --serve | --describe [--include-hidden]
                                             register with spotlightd, serve intents, print the schema

    ENVIRONMENT:
      COMETCAL_DATA_DIR   the app's own data (default $XDG_DATA_HOME/cometcal or ~/.local/share/cometcal)
      SPOTLIGHT_SOCKET    the spotlightd to donate to

    EXAMPLE:
      spotlightd &  cometcal --install  &&  cometcal seed
      cometcal add "Supernova Viewing Party" --calendar "Deep Space" --start 2026-06-01T20:00:00Z
      spotlightctl query "supernova"

    EXIT STATUS: 0 done, 1 failed (the message says why; a change that could not be donated is
                 still saved, and `cometcal reindex` donates it later).
    """

    /// Runs one command. - Parameter arguments: the arguments after the program name.
    static func run(_ arguments: [String]) async throws {
        var args = Arguments(arguments)
        switch args.next() {
        case nil, "--help", "-h", "help":
            print(usage)
        case "calendars":
            try args.finish()
            for calendar in try CalendarManager.shared().store.calendars() {
                print("\(calendar.title) (\(calendar.color))")
            }
        case "events":
            let calendarName = try args.option("--calendar")
            try args.finish()
            let calendar = try calendarName.map(findCalendar)
            let events = try CalendarManager.shared().store.events().map(EventEntity.init)
            for event in events where calendar.map({ $0.id == event.calendar.id }) ?? true {
                print(EventText.listLine(event))
            }
        case "add":
            try await add(&args)
        case "open":
            let event = try findEvent(try args.positional("TITLE"))
            try args.finish()
            print(EventText.detail(event).joined(separator: "\n"))
        case "delete":
            let event = try findEvent(try args.positional("TITLE"))
            try args.finish()
            try await CalendarManager.shared().deleteEvent(id: event.id)
            print("deleted \"\(event.title)\" and removed it from Spotlight")
        case "seed":
            try args.finish()
            let events = try await CalendarManager.shared().seed()
            print("seeded \(SampleData.calendars.count) calendars and \(events.count) events; donated to Spotlight")
        case "reindex":
            try args.finish()
            print("donated \(try await CalendarManager.shared().reindexAll()) calendars and events to Spotlight")
        case let command?:
            throw usageError("unknown command \"\(command)\"")
        }
    }

    /// `add TITLE --calendar NAME --start ISO8601 …`; what is missing is asked for in that order.
    private static func add(_ args: inout Arguments) async throws {
        // The options first, so that an option's value is not taken for the title.
        let calendarOption = try args.option("--calendar")
        let startOption = try args.option("--start")
        let isAllDay = args.flag("--all-day")
        let location = try args.option("--location")
        let notes = try args.option("--notes")
        guard let title = args.positionalIfGiven() else {
            throw usageError("add needs a TITLE: cometcal add TITLE --calendar NAME --start ISO8601")
        }
        guard let calendarName = calendarOption else { throw usageError("add needs --calendar NAME") }
        guard let startText = startOption else { throw usageError("add needs --start ISO8601") }
        guard let start = ISO8601.date(from: startText) else {
            throw usageError("--start \"\(startText)\" is not an ISO 8601 date such as 2026-06-01T20:00:00Z or 2026-06-01")
        }
        try args.finish()
        let calendar = try findCalendar(calendarName)
        let new = NewEvent(title: title, startDate: start, isAllDay: isAllDay, location: location, notes: notes,
                           calendarID: calendar.id)
        let event = try await CalendarManager.shared().createEvent(new)
        print("added \"\(event.title)\" to \(event.calendar.title) (\(EventText.when(event))); donated to Spotlight")
    }

    /// The calendar `name` names: the first whose title contains it (exact titles first).
    /// - Throws: `SpotlightError(.notFound)` naming the calendars there are.
    private static func findCalendar(_ name: String) throws -> StoredCalendar {
        let calendars = try CalendarManager.shared().store.calendars()
        guard let calendar = TitleMatch.ranked(calendars, matching: name, title: \.title).first else {
            throw SpotlightError(.notFound, "no calendar matches \"\(name)\"; calendars: "
                + calendars.map(\.title).joined(separator: ", ") + " (`cometcal seed` creates the sample ones)")
        }
        return calendar
    }

    /// The first event whose title contains `title` (exact titles first).
    private static func findEvent(_ title: String) throws -> EventEntity {
        let events = try CalendarManager.shared().store.events()
        guard let event = TitleMatch.ranked(events, matching: title, title: \.title).first else {
            throw SpotlightError(.notFound, "no event's title contains \"\(title)\"; list them with `cometcal events`")
        }
        return EventEntity(event)
    }

    static func usageError(_ message: String) -> SpotlightError {
        SpotlightError(.invalidInput, "\(message); see `cometcal --help`")
    }
}

/// The arguments of one command, consumed as they are read.
struct Arguments {
    private var remaining: [String]

    init(_ arguments: [String]) { remaining = arguments }

    /// The next argument, whatever it is.
    mutating func next() -> String? { remaining.isEmpty ? nil : remaining.removeFirst() }

    /// The first argument that is not an option.
    /// - Throws: a usage error saying `name` is missing.
    mutating func positional(_ name: String) throws -> String {
        guard let value = positionalIfGiven() else { throw HumanCommandLine.usageError("missing \(name)") }
        return value
    }

    /// The first argument that is not an option, if there is one.
    mutating func positionalIfGiven() -> String? {
        remaining.firstIndex(where: { !$0.hasPrefix("--") }).map { remaining.remove(at: $0) }
    }

    /// The value after `name`, if `name` is given.
    mutating func option(_ name: String) throws -> String? {
        guard let index = remaining.firstIndex(of: name) else { return nil }
        guard index + 1 < remaining.count else { throw HumanCommandLine.usageError("\(name) needs a value") }
        let value = remaining[index + 1]
        remaining.removeSubrange(index...index + 1)
        return value
    }

    /// Whether `name` is given.
    mutating func flag(_ name: String) -> Bool {
        guard let index = remaining.firstIndex(of: name) else { return false }
        remaining.remove(at: index)
        return true
    }

    /// - Throws: a usage error naming what is left over.
    func finish() throws {
        guard remaining.isEmpty else { throw HumanCommandLine.usageError("unexpected \(remaining.joined(separator: " "))") }
    }
}
