import Foundation
import Synchronization
import IntentKit

/// CometCal's text screen: the event list, or one event's detail. It renders into
/// `AppScreen.shared` with view annotations: on the list every event shown, none selected; on
/// a detail screen only that event, selected.
///
/// ```swift
/// try navigator.open(eventID: event.id)   // AppScreen.shared.lines.first == event.title
/// ```
final class Navigator: Sendable {
    enum Route: Hashable, Sendable {
        case list
        case event(id: String)
    }

    let store: CalendarStore
    let screen: AppScreen
    private let route = Mutex(Route.list)

    init(store: CalendarStore, screen: AppScreen = .shared) {
        self.store = store
        self.screen = screen
    }

    var current: Route { route.withLock { $0 } }

    /// Shows the event's detail screen.
    func open(eventID: String) throws {
        route.withLock { $0 = .event(id: eventID) }
        try render()
    }

    /// Shows the event list.
    func showList() throws {
        route.withLock { $0 = .list }
        try render()
    }

    /// Redraws the current screen from the store, after a change; a detail screen whose event
    /// was deleted goes back to the list.
    func render() throws {
        switch current {
        case .list:
            let events = try store.events().map(EventEntity.init)
            screen.show(["Events"] + (events.isEmpty ? ["No events"] : events.map(EventText.listLine)),
                        annotations: events.map { EntityAnnotation(EntityIdentifier(for: EventEntity.self, identifier: $0.id)) })
        case .event(let id):
            guard let event = try store.events(ids: [id]).first.map(EventEntity.init) else {
                try showList()
                return
            }
            screen.show(EventText.detail(event), annotations: [
                EntityAnnotation(EntityIdentifier(for: EventEntity.self, identifier: event.id), isSelected: true),
            ])
        }
    }
}
