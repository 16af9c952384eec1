import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// Apple's SetValueIntent (iOS 18), as its reference page declares one.

struct ToggleSilentModeIntent: SetValueIntent {
    static let title = LocalizedStringResource("Silent Mode")
    @Parameter(title: "Silent") var value: Bool

    func perform() async throws -> some IntentResult & ProvidesDialog {
        .result(dialog: value ? "Silent mode on" : "Silent mode off")
    }
}

private let settings = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [ToggleSilentModeIntent.self])

@Test func aSetValueIntentRunsWithItsValue() async throws {
    let result = try await settings.runIntent(RunIntentParams(intent: "ToggleSilentModeIntent", arguments: ["value": .bool(true)]))
    #expect(result.dialog == "Silent mode on")
}

@Test func aSetValueIntentsValueIsAParameter() async throws {
    let intent = try #require(await settings.describe().intents.first)
    #expect(intent.parameters.map(\.name) == ["value"])
    #expect(intent.parameters.first?.type == .bool)
}
