import Foundation

/// Foundation's `UndoManager`, which Foundation on Linux does not have: a stack of groups of
/// undo actions, each group undone as one, and what undoing registers kept for redo. An
/// ``UndoableIntent`` registers its actions with the app's (``AppScreen/undoManager``); the app
/// undoes them (a menu command, a key, its own `undo` command), as Apple's apps do.
///
/// ```swift
/// let undo = UndoManager()
/// undo.registerUndo(withTarget: library) { library in library.restore(book) }
/// undo.setActionName("Delete \(book.title)")
/// undo.undoMenuItemTitle    // "Undo Delete Dune"
/// undo.undo()               // library.restore(book); undo.canRedo is true if restore registered its undo
/// ```
///
/// Registrations made while no group is open (``groupsByEvent``) are grouped until the main
/// actor's current job ends (Apple's close at the end of the run loop's pass), so an intent's
/// few registrations in one step undo together. What Apple raises an exception for (an undo
/// while a group is open, ending a group never begun) is done leniently here: open groups are
/// closed first, an unmatched end is ignored.
@MainActor
public final class UndoManager {
    private struct Action {
        let target: AnyObject
        let run: @MainActor () -> Void
    }

    private struct Group {
        var actions: [Action] = []
        var name = ""
    }

    private var undoStack: [Group] = []
    private var redoStack: [Group] = []
    /// The group being built while ``groupingLevel`` is above 0.
    private var building = Group()
    /// Whether the open group was opened by a registration (``groupsByEvent``), not by the app.
    private var openedImplicitly = false
    /// What undo() or redo() registers while it runs, the group for the other stack.
    private var captured: Group?
    private var disabledRegistrations = 0

    /// Whether ``undo()`` is running its actions: what they register becomes the redo.
    public private(set) var isUndoing = false
    /// Whether ``redo()`` is running its actions: what they register becomes the undo.
    public private(set) var isRedoing = false
    /// The most groups kept for undo; 0 (the default): no limit.
    public var levelsOfUndo = 0 {
        didSet { trim() }
    }
    /// Whether a registration outside any group opens one that closes when the main actor's
    /// current job ends; when false, register inside ``beginUndoGrouping()`` and
    /// ``endUndoGrouping()`` (a registration outside them is then its own group).
    public var groupsByEvent = true
    /// How many groups are open (nested groups count; they undo as part of the outermost).
    public private(set) var groupingLevel = 0

    public nonisolated init() {}

    // MARK: - Registering

    /// Registers `handler`, called with `target` when this change is undone. While undoing,
    /// the registration is the redo; otherwise it is an undo and nothing is left to redo.
    public func registerUndo<TargetType: AnyObject>(withTarget target: TargetType,
                                                    handler: @escaping @MainActor (TargetType) -> Void) {
        guard isUndoRegistrationEnabled else { return }
        let action = Action(target: target) { handler(target) }
        if captured != nil {
            captured!.actions.append(action)
            return
        }
        if groupingLevel == 0 {
            guard groupsByEvent else {
                undoStack.append(Group(actions: [action]))
                redoStack.removeAll()
                trim()
                return
            }
            beginUndoGrouping()
            openedImplicitly = true
            Task { @MainActor [weak self] in self?.closeImplicitGroup() }
        }
        building.actions.append(action)
        redoStack.removeAll()
    }

    /// Names the change for a menu (`Undo Delete Note`): the redo's while undoing, the undo's
    /// while redoing, else the open group's, else the last undoable group's.
    public func setActionName(_ actionName: String) {
        if captured != nil {
            captured!.name = actionName
        } else if groupingLevel > 0 {
            building.name = actionName
        } else if !undoStack.isEmpty {
            undoStack[undoStack.count - 1].name = actionName
        }
    }

    /// Stops registrations from being recorded until ``enableUndoRegistration()`` (calls nest).
    public func disableUndoRegistration() { disabledRegistrations += 1 }

    /// Undoes one ``disableUndoRegistration()``.
    public func enableUndoRegistration() { disabledRegistrations = max(0, disabledRegistrations - 1) }

    /// Whether registrations are recorded.
    public var isUndoRegistrationEnabled: Bool { disabledRegistrations == 0 }

    // MARK: - Groups

    /// Opens a group: everything registered until the matching ``endUndoGrouping()`` undoes
    /// as one.
    public func beginUndoGrouping() {
        if groupingLevel == 0 { building = Group() }
        groupingLevel += 1
        openedImplicitly = false
    }

    /// Closes the innermost group; closing the outermost puts it on the undo stack (when it
    /// holds anything).
    public func endUndoGrouping() {
        guard groupingLevel > 0 else { return }
        groupingLevel -= 1
        guard groupingLevel == 0 else { return }
        openedImplicitly = false
        if !building.actions.isEmpty {
            undoStack.append(building)
            trim()
        }
        building = Group()
    }

    private func closeImplicitGroup() {
        if openedImplicitly, groupingLevel == 1 { endUndoGrouping() }
    }

    // MARK: - Undoing

    /// Whether there is a change to undo.
    public var canUndo: Bool { !undoStack.isEmpty || (groupingLevel > 0 && !building.actions.isEmpty) }

    /// Whether there is an undone change to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Undoes the last group (closing open groups first): runs its actions, the last registered
    /// first; what they register becomes the redo.
    public func undo() {
        while groupingLevel > 0 { endUndoGrouping() }
        guard let group = undoStack.popLast() else { return }
        isUndoing = true
        let redo = run(group)
        isUndoing = false
        if !redo.actions.isEmpty { redoStack.append(redo) }
    }

    /// Redoes the last undone group: what its actions register becomes the undo again.
    public func redo() {
        while groupingLevel > 0 { endUndoGrouping() }
        guard let group = redoStack.popLast() else { return }
        isRedoing = true
        let undo = run(group)
        isRedoing = false
        if !undo.actions.isEmpty {
            undoStack.append(undo)
            trim()
        }
    }

    private func run(_ group: Group) -> Group {
        captured = Group(name: group.name)
        for action in group.actions.reversed() { action.run() }
        defer { captured = nil }
        return captured!
    }

    /// The name of the change ``undo()`` would undo ("" when unnamed or none).
    public var undoActionName: String {
        groupingLevel > 0 && !building.actions.isEmpty ? building.name : undoStack.last?.name ?? ""
    }

    /// The name of the change ``redo()`` would redo ("" when unnamed or none).
    public var redoActionName: String { redoStack.last?.name ?? "" }

    /// `Undo` followed by ``undoActionName``, for a menu.
    public var undoMenuItemTitle: String { undoActionName.isEmpty ? "Undo" : "Undo \(undoActionName)" }

    /// `Redo` followed by ``redoActionName``, for a menu.
    public var redoMenuItemTitle: String { redoActionName.isEmpty ? "Redo" : "Redo \(redoActionName)" }

    // MARK: - Clearing

    /// Forgets every undo and redo (and the open group's registrations).
    public func removeAllActions() {
        undoStack.removeAll()
        redoStack.removeAll()
        building.actions.removeAll()
    }

    /// Forgets the actions registered with `target` (the same object); groups left empty go.
    public func removeAllActions(withTarget target: AnyObject) {
        func without(_ groups: [Group]) -> [Group] {
            groups.compactMap { group in
                var kept = group
                kept.actions.removeAll { $0.target === target }
                return kept.actions.isEmpty ? nil : kept
            }
        }
        undoStack = without(undoStack)
        redoStack = without(redoStack)
        building.actions.removeAll { $0.target === target }
    }

    private func trim() {
        if levelsOfUndo > 0, undoStack.count > levelsOfUndo { undoStack.removeFirst(undoStack.count - levelsOfUndo) }
    }
}
