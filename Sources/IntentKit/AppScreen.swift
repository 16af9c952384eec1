import Foundation
import Synchronization

/// An entity the current screen shows, and whether it is the selected one.
public struct EntityAnnotation: Hashable, Sendable {
    public var identifier: EntityIdentifier
    public var isSelected: Bool

    public init(_ identifier: EntityIdentifier, isSelected: Bool = false) {
        self.identifier = identifier
        self.isSelected = isSelected
    }
}

/// What the app currently shows: text lines and the entities on screen (view annotations).
/// The app updates it as it navigates; `screen` and `viewAnnotations` read it.
///
/// ```swift
/// AppScreen.shared.show(["Morning Launch Briefing", "Starts 09:00"],
///     annotations: [EntityAnnotation(EntityIdentifier(for: EventEntity.self, identifier: event.id), isSelected: true)])
/// ```
public final class AppScreen: Sendable {
    /// The screen the app's intents update and the app service reads by default.
    public static let shared = AppScreen()

    private struct State {
        var lines: [String] = []
        var annotations: [EntityAnnotation] = []
    }
    private let state = Mutex(State())

    public init() {}

    /// Replaces what the screen shows.
    public func show(_ lines: [String], annotations: [EntityAnnotation] = []) {
        state.withLock { $0 = State(lines: lines, annotations: annotations) }
    }

    /// The text lines shown now.
    public var lines: [String] { state.withLock { $0.lines } }

    /// The entities shown now, in the order they were reported.
    public var annotations: [EntityAnnotation] { state.withLock { $0.annotations } }

    private let undo = Mutex<UndoManager?>(nil)
    /// Handlers by intent type (see ``onAppIntentExecution(_:perform:)``).
    let executionHandlers = Mutex<[ObjectIdentifier: [ExecutionHandler]]>([:])

    /// The undo manager of what the screen shows, which an ``UndoableIntent`` registers its
    /// changes with (`undoManager` in its `perform()`); nil (the default) while the app offers
    /// no undo, as Apple's is when the system finds no suitable one. The app undoes:
    ///
    /// ```swift
    /// AppScreen.shared.undoManager = UndoManager()        // once, at start
    /// // later, from the app's own undo command, on the main actor:
    /// AppScreen.shared.undoManager?.undo()
    /// ```
    public var undoManager: UndoManager? {
        get { undo.withLock { $0 } }
        set { undo.withLock { $0 = newValue } }
    }
}
