import Foundation
import IntentKit
import SpotlightModel
import Testing

// App Intents' UndoableIntent (2025), as Apple's session writes one: the intent registers how
// to undo its change with `undoManager`, and the app undoes it.

@MainActor final class Shelf {
    static let shared = Shelf()
    var books = ["Dune", "Emma"]

    func remove(_ title: String) { books.removeAll { $0 == title } }

    func put(_ title: String) {
        books.append(title)
        AppScreen.shared.undoManager?.registerUndo(withTarget: self) { $0.remove(title) }
    }
}

struct RemoveBookIntent: UndoableIntent {
    static let title: LocalizedStringResource = "Remove Book"
    @Parameter(title: "Title") var book: String

    func perform() async throws -> some IntentResult {
        let title = book
        await Shelf.shared.remove(title)
        await undoManager?.registerUndo(withTarget: Shelf.shared) { shelf in shelf.put(title) }
        await undoManager?.setActionName("Remove \(title)")
        return .result()
    }
}

/// One at a time: they set the shared screen's undo manager.
@Suite(.serialized) @MainActor struct UndoableIntentTests {
    @Test func anUndoableIntentsChangeIsUndoneAndRedoneByTheApp() async throws {
        Shelf.shared.books = ["Dune", "Emma"]
        let undo = UndoManager()
        AppScreen.shared.undoManager = undo
        defer { AppScreen.shared.undoManager = nil }
        let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [RemoveBookIntent.self])
        _ = try await app.run("RemoveBookIntent", ["book": .string("Dune")])
        #expect(Shelf.shared.books == ["Emma"])
        #expect(undo.canUndo)
        #expect(undo.undoMenuItemTitle == "Undo Remove Dune")
        undo.undo()
        #expect(Shelf.shared.books == ["Emma", "Dune"])
        #expect(!undo.canUndo)
        #expect(undo.redoMenuItemTitle == "Redo Remove Dune", "what undoing registered is the redo")
        undo.redo()
        #expect(Shelf.shared.books == ["Emma"])
        #expect(!undo.canRedo)
    }

    @Test func anUndoableIntentRunsWhenTheAppOffersNoUndo() async throws {
        Shelf.shared.books = ["Dune", "Emma"]
        AppScreen.shared.undoManager = nil
        let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [RemoveBookIntent.self])
        _ = try await app.run("RemoveBookIntent", ["book": .string("Emma")])
        #expect(Shelf.shared.books == ["Dune"])
    }
}

@MainActor final class Counter {
    var value = 0
}

@MainActor struct UndoManagerTests {
    @Test func registrationsInOneGroupUndoTogetherLastFirst() {
        let undo = UndoManager()
        let counter = Counter()
        var order: [Int] = []
        undo.beginUndoGrouping()
        undo.registerUndo(withTarget: counter) { _ in order.append(1) }
        undo.registerUndo(withTarget: counter) { _ in order.append(2) }
        undo.endUndoGrouping()
        undo.undo()
        #expect(order == [2, 1])
        #expect(!undo.canUndo)
    }

    @Test func aNewChangeLeavesNothingToRedo() {
        let undo = UndoManager()
        undo.groupsByEvent = false
        let counter = Counter()
        func add(_ n: Int) {
            counter.value += n
            undo.registerUndo(withTarget: counter) { c in
                c.value -= n
                undo.registerUndo(withTarget: c) { $0.value += n }
            }
        }
        add(1)
        add(10)
        undo.undo()
        #expect(counter.value == 1 && undo.canRedo)
        add(100)
        #expect(!undo.canRedo)
        undo.undo()
        undo.undo()
        #expect(counter.value == 0 && !undo.canUndo)
    }

    @Test func registrationsOutsideAGroupCloseWhenTheMainActorsJobEnds() async {
        let undo = UndoManager()
        let counter = Counter()
        undo.registerUndo(withTarget: counter) { $0.value += 1 }
        undo.registerUndo(withTarget: counter) { $0.value += 1 }
        #expect(undo.groupingLevel == 1)
        await Task.yield()
        await Task { @MainActor in }.value
        #expect(undo.groupingLevel == 0)
        undo.registerUndo(withTarget: counter) { $0.value += 10 }
        undo.undo()
        #expect(counter.value == 10, "the later registration is a group of its own")
        undo.undo()
        #expect(counter.value == 12)
    }

    @Test func removingATargetsActionsDropsGroupsLeftEmpty() {
        let undo = UndoManager()
        undo.groupsByEvent = false
        let kept = Counter(), dropped = Counter()
        undo.registerUndo(withTarget: kept) { $0.value = 1 }
        undo.registerUndo(withTarget: dropped) { $0.value = 1 }
        undo.removeAllActions(withTarget: dropped)
        undo.undo()
        #expect(kept.value == 1 && dropped.value == 0 && !undo.canUndo)
    }

    @Test func levelsOfUndoKeepsTheLatestGroups() {
        let undo = UndoManager()
        undo.groupsByEvent = false
        undo.levelsOfUndo = 2
        let counter = Counter()
        for n in 1...3 { undo.registerUndo(withTarget: counter) { $0.value += n } }
        undo.undo()
        undo.undo()
        undo.undo()
        #expect(counter.value == 5, "the oldest group (1) was dropped")
    }

    @Test func disabledRegistrationRecordsNothing() {
        let undo = UndoManager()
        undo.disableUndoRegistration()
        undo.registerUndo(withTarget: Counter()) { $0.value = 1 }
        #expect(!undo.canUndo && !undo.isUndoRegistrationEnabled)
        undo.enableUndoRegistration()
        #expect(undo.isUndoRegistrationEnabled)
    }
}
