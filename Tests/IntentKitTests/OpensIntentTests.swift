import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// .result(opensIntent:): the opened intent runs after the one that opened it, in the app.

struct ShowShelfIntent: AppIntent {
    @Parameter(title: "Shelf") var shelf: String
    func perform() async throws -> some IntentResult {
        guard shelf != "missing" else { throw ShelfError.noSuchShelf }
        return .result()
    }
}

enum ShelfError: Error, CustomLocalizedStringResourceConvertible {
    case noSuchShelf
    var localizedStringResource: LocalizedStringResource { "there is no such shelf" }
}

struct AddShelfIntent: AppIntent {
    @Parameter(title: "Name") var name: String
    func perform() async throws -> some IntentResult & ProvidesDialog & OpensIntent {
        let open = ShowShelfIntent()
        open.shelf = name
        return .result(opensIntent: open, dialog: "Added \(name)")
    }
}

@Test func anOpenedIntentThatThrowsFailsTheRunNamingBoth() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [AddShelfIntent.self])
    let error = await spotlightError { _ = try await app.run("AddShelfIntent", ["name": .string("missing")]) }
    #expect(error?.code == .intentFailed)
    #expect(error?.message == "ShowShelfIntent.perform(), opened by AddShelfIntent threw: there is no such shelf")
}

@Test func aResultThatOpensAnIntentKeepsItsOwnDialog() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [AddShelfIntent.self])
    let result = try await app.runIntent(RunIntentParams(intent: "AddShelfIntent", arguments: ["name": .string("Poetry")]))
    #expect(result.dialog == "Added Poetry")
}

struct ReopenItselfIntent: AppIntent {
    func perform() async throws -> some IntentResult & OpensIntent { .result(opensIntent: ReopenItselfIntent()) }
}

@Test func anIntentThatOpensItselfFailsInsteadOfRunningForever() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [ReopenItselfIntent.self])
    let error = await spotlightError { _ = try await app.run("ReopenItselfIntent") }
    #expect(error?.code == .intentFailed)
    #expect(error?.message.hasPrefix("ReopenItselfIntent opened a chain of more than 16 intents") == true)
}
