import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import SpotlightWire
import Synchronization
import Testing

/// The screen ``OpenTaskIntent`` shows its target on (only the test that opens uses it).
let openTaskScreen = AppScreen()

/// The to-do app's OpenIntent: shows one task.
struct OpenTaskIntent: OpenIntent {
    @Parameter(title: "Task") var target: TaskEntity
    func perform() async throws -> some IntentResult {
        openTaskScreen.show([target.title], annotations: [EntityAnnotation(EntityIdentifier(for: TaskEntity.self,
                                                                                             identifier: target.id),
                                                                            isSelected: true)])
        return .result()
    }
}

private func openingDispatcher() -> AppServiceDispatcher {
    AppServiceDispatcher(bundleIdentifier: testBundle, intents: [Echo<String>.self, OpenTaskIntent.self],
                         entities: [TaskEntity.self, ProjectEntity.self], screen: openTaskScreen)
}

@Test func openEntityRunsTheOpenIntentWithTheEntityAsItsTarget() async throws {
    let params = try JSONValue(encoding: EntityReference(type: "TaskEntity", id: "roses"))
    let result = try await openingDispatcher().handle(method: "openEntity", params: params)
    #expect(try result.decode(OpenEntityResult.self).intent == "OpenTaskIntent")
    #expect(openTaskScreen.lines == ["Prune roses"])
    #expect(openTaskScreen.annotations == [EntityAnnotation(EntityIdentifier(for: TaskEntity.self, identifier: "roses"),
                                                            isSelected: true)])
}

@Test func openEntityOfATypeNoOpenIntentOpensSaysWhichTypesItOpens() async throws {
    let error = await spotlightError {
        _ = try await openingDispatcher().openEntity(EntityReference(type: "ProjectEntity", id: "7"))
    }
    #expect(error?.code == .notFound)
    #expect(error?.message.contains("no OpenIntent for ProjectEntity") == true)
    #expect(error?.message.contains("it opens TaskEntity") == true)
}

@Test func openEntityOfAnIdentifierTheQueryDoesNotReturnIsNotFound() async throws {
    let error = await spotlightError {
        _ = try await openingDispatcher().openEntity(EntityReference(type: "TaskEntity", id: "weeds"))
    }
    #expect(error?.code == .notFound)
    #expect(error?.message.contains("has no TaskEntity \"weeds\" to open") == true)
}

@Test func openEntityOfAnUnknownTypeListsTheTypes() async throws {
    let error = await spotlightError {
        _ = try await openingDispatcher().openEntity(EntityReference(type: "NoteEntity", id: "1"))
    }
    #expect(error?.code == .notFound)
    #expect(error?.message.contains("ProjectEntity, TaskEntity") == true)
}

@Test func anOpenIntentOpensTheAppWhenRunAndOtherIntentsDoNot() {
    #expect(OpenTaskIntent.openAppWhenRun)
    #expect(!Echo<String>.openAppWhenRun)
}

/// The identifiers an app's `onOpenSearchableItem` was given.
private final class ShownItems: Sendable {
    let ids = Mutex<[String]>([])
}

/// An app that donates `CSSearchableItem`s and shows one when it is opened.
private func itemOpeningDispatcher(_ shown: ShownItems, failing: Bool = false) -> AppServiceDispatcher {
    AppServiceDispatcher(bundleIdentifier: testBundle, intents: [Echo<String>.self], entities: [TaskEntity.self],
                         onOpenSearchableItem: { id in
                             if failing { throw SpotlightError(.notFound, "no note \(id) any more") }
                             shown.ids.withLock { $0.append(id) }
                         })
}

@Test func openEntityOfASearchableItemCallsTheAppsHandlerWithItsIdentifier() async throws {
    let shown = ShownItems()
    let params = try JSONValue(encoding: EntityReference(type: "CSSearchableItem", id: "note-7"))
    let result = try await itemOpeningDispatcher(shown).handle(method: "openEntity", params: params)
    #expect(try result.decode(OpenEntityResult.self).intent == "onOpenSearchableItem")
    #expect(shown.ids.withLock { $0 } == ["note-7"])
}

@Test func openEntityOfASearchableItemWithoutAHandlerSaysWhatToPass() async throws {
    let error = await spotlightError {
        _ = try await openingDispatcher().openEntity(EntityReference(type: "CSSearchableItem", id: "note-7"))
    }
    #expect(error?.code == .notFound)
    #expect(error?.message.contains("onOpenSearchableItem: { id in ... }") == true, "\(String(describing: error))")
}

@Test func aHandlerThatThrowsFailsTheOpenWithItsError() async throws {
    let error = await spotlightError {
        _ = try await itemOpeningDispatcher(ShownItems(), failing: true).openEntity(EntityReference(type: "CSSearchableItem", id: "n1"))
    }
    #expect(error?.code == .notFound)
    #expect(error?.message.contains("no note n1 any more") == true, "\(String(describing: error))")
}

@Test func openEntityOfASearchableItemWithAnEmptyIdIsRefused() async throws {
    let shown = ShownItems()
    let error = await spotlightError {
        _ = try await itemOpeningDispatcher(shown).openEntity(EntityReference(type: "CSSearchableItem", id: ""))
    }
    #expect(error?.code == .invalidInput)
    #expect(shown.ids.withLock { $0 }.isEmpty)
}
