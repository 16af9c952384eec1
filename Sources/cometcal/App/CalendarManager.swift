import Foundation
import Synchronization
import IntentKit
import SpotlightKit
import SpotlightModel

/// What CometCal's intents and command line do to its data: every change goes to the store
/// first, then to Spotlight (create and update donate, delete removes), then to the screen.
///
/// ```swift
/// let manager = try CalendarManager.shared()
/// let event = try await manager.createEvent(NewEvent(title: "Launch", startDate: Date(), calendarID: id))
/// ```
final class CalendarManager: Sendable {
    let store: CalendarStore
    let navigator: Navigator
    let index: SearchableIndex

    init(store: CalendarStore, index: SearchableIndex = .default) {
        self.store = store
        self.navigator = Navigator(store: store)
        self.index = index
    }

    private static let opened = Mutex<CalendarManager?>(nil)

    /// The manager over the store in ``DataDirectory/current(environment:)``, opened once.
    /// - Throws: `SpotlightError(.io)` if the store cannot be opened.
    static func shared() throws -> CalendarManager {
        try opened.withLock { opened in
            if let opened { return opened }
            let manager = CalendarManager(store: try CalendarStore(directory: DataDirectory.current()))
            opened = manager
            return manager
        }
    }

    // MARK: Changes

    /// Adds a calendar and donates it; one spotlightd would refuse is not saved.
    func createCalendar(name: String, color: CalendarColor) async throws -> CalendarEntity {
        let calendar = CalendarEntity(try store.createCalendar(title: name, color: color.rawValue, check: Self.donatable))
        try await donate([calendar], saved: "calendar \"\(name)\"")
        return calendar
    }

    /// Adds an event and, unless `donate` is false, donates it; one spotlightd would refuse
    /// (a value over its limits, a date past 9999) is not saved.
    func createEvent(_ new: NewEvent, donate: Bool = true) async throws -> EventEntity {
        let event = EventEntity(try store.createEvent(new, check: Self.donatable))
        try navigator.render()
        if donate { try await self.donate([event], saved: "event \"\(event.title)\"") }
        return event
    }

    /// Changes an event and donates it again, replacing the old donation.
    func updateEvent(id: String, _ changes: EventChanges) async throws -> EventEntity {
        let event = EventEntity(try store.updateEvent(id: id, changes, check: Self.donatable))
        try navigator.render()
        try await donate([event], saved: "event \"\(event.title)\"")
        return event
    }

    /// Deletes an event and removes it from Spotlight.
    func deleteEvent(id: String) async throws {
        let title = try store.event(id: id).title
        try store.deleteEvent(id: id)
        try navigator.render()
        try await spotlight("deleted event \"\(title)\", but removing it from Spotlight") {
            try await index.deleteAppEntities(identifiedBy: [id], ofType: EventEntity.self)
        }
    }

    /// Deletes every calendar and event, and everything CometCal donated.
    func reset() async throws {
        try store.reset()
        try navigator.showList()
        try await spotlight("reset CometCal's data, but removing its records from Spotlight") {
            try await index.deleteAllRecords()
        }
    }

    /// Replaces all data with ``SampleData`` and donates it; the screen shows the list.
    @discardableResult
    func seed(now: Date = Date()) async throws -> [EventEntity] {
        try await reset()
        let calendars = try SampleData.calendars.map { try store.createCalendar(title: $0.title, color: $0.color.rawValue, check: Self.donatable) }
        let ids = Dictionary(uniqueKeysWithValues: calendars.map { ($0.title, $0.id) })
        let events = try SampleData.events(now: now, calendarIDs: ids).map { EventEntity(try store.createEvent($0, check: Self.donatable)) }
        try navigator.showList()
        _ = try await reindexAll()
        return events
    }

    // MARK: Spotlight

    /// What every saved calendar passes first: spotlightd will take its donation (``DonationCheck``).
    private static func donatable(_ calendar: StoredCalendar) throws {
        try DonationCheck.check(CalendarEntity(calendar))
    }

    /// What every saved event passes first: spotlightd will take its donation (``DonationCheck``).
    private static func donatable(_ event: StoredEvent) throws {
        try DonationCheck.check(EventEntity(event))
    }

    /// Every calendar and event in the store, as `reindexAll` donates them.
    func allIndexedEntities() throws -> [any IndexedEntity] {
        try store.calendars().map(CalendarEntity.init) + store.events().map(EventEntity.init)
    }

    /// Donates the calendars a new store started with, until that succeeds once, so a fresh
    /// app's calendars are found in Spotlight as the ones created later are. When it fails
    /// (spotlightd not running) it says so on stderr and the app goes on; the next run, or
    /// `cometcal reindex`, donates them.
    func donateNewStoreCalendars() async {
        guard store.hasUndonatedCalendars else { return }
        // Not retried while spotlightd is unreachable: the first run of `cometcal --help`
        // should not wait for a daemon that is not there.
        let once = SearchableIndex(name: index.name, socketPath: index.socketPath, reconnectWindow: .zero)
        do {
            let calendars = try store.calendars().map(CalendarEntity.init)
            try await spotlight("created CometCal's first \(calendars.count) calendars, but donating them to Spotlight") {
                try await once.indexAppEntities(calendars)
            }
            store.markCalendarsDonated()
        } catch {
            FileHandle.standardError.write(Data("cometcal: \((error as? SpotlightError)?.message ?? "\(error)")\n".utf8))
        }
    }

    /// Donates everything in the store again. - Returns: how many entities were donated.
    func reindexAll() async throws -> Int {
        let calendars = try store.calendars().map(CalendarEntity.init)
        let events = try store.events().map(EventEntity.init)
        try await spotlight("donating \(calendars.count + events.count) calendars and events") {
            try await index.indexAppEntities(calendars)
            try await index.indexAppEntities(events)
        }
        store.markCalendarsDonated()
        return calendars.count + events.count
    }

    private func donate<Entity: IndexedEntity>(_ entities: [Entity], saved what: String) async throws {
        try await spotlight("saved \(what), but donating it to Spotlight") {
            try await index.indexAppEntities(entities)
        }
    }

    /// Runs a Spotlight call; its failure says what was already done and how to catch up.
    private func spotlight(_ what: String, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch {
            let reason = (error as? SpotlightError)?.message ?? "\(error)"
            throw SpotlightError((error as? SpotlightError)?.code ?? .unavailable,
                "\(what) failed: \(reason); when spotlightd runs, `cometcal reindex` donates everything again",
                underlying: "\(error)")
        }
    }
}
