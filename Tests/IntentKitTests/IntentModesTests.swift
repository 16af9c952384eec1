import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// App Intents 2025's supportedModes, as Apple's "Get to know App Intents" session writes them.

struct NavigateToLandmarksIntent: AppIntent {
    static let title: LocalizedStringResource = "Navigate to Landmarks"
    static let supportedModes: IntentModes = .foreground
    @MainActor func perform() async throws -> some IntentResult & ProvidesDialog { .result(dialog: "Showing landmarks") }
}

struct GetCrowdStatusIntent: AppIntent {
    static let title: LocalizedStringResource = "Get Crowd Status"
    static let supportedModes: IntentModes = [.background, .foreground(.dynamic)]
    func perform() async throws -> some IntentResult & ReturnsValue<Int> { .result(value: 42) }
}

@Test func anIntentWithSupportedModesRunsInTheAppService() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle,
                                   intents: [NavigateToLandmarksIntent.self, GetCrowdStatusIntent.self])
    #expect(try await app.run("GetCrowdStatusIntent") == .value(.int(42)))
    #expect(try await app.runIntent(RunIntentParams(intent: "NavigateToLandmarksIntent", arguments: [:])).dialog
        == "Showing landmarks")
}

@Test func supportedModesKeepWhatTheIntentDeclares() {
    #expect(NavigateToLandmarksIntent.supportedModes == .foreground(.immediate))
    #expect(GetCrowdStatusIntent.supportedModes.contains(.background))
    #expect(GetCrowdStatusIntent.supportedModes.contains(.foreground(.dynamic)))
    #expect(!GetCrowdStatusIntent.supportedModes.contains(.foreground(.deferred)))
}

struct OpenLandmarkByDefaultIntent: AppIntent {
    static let openAppWhenRun = true
    func perform() async throws -> some IntentResult { .result() }
}

@Test func supportedModesDefaultToTheForegroundOnlyForAnIntentThatOpensTheApp() {
    #expect(OpenLandmarkByDefaultIntent.supportedModes == .foreground)
    #expect(TitleBookIntent.supportedModes == .background)
}

/// App Intents 2025's way to come forward from any intent, without `ForegroundContinuableIntent`.
struct ShowCrowdMapIntent: AppIntent {
    static let supportedModes: IntentModes = [.background, .foreground(.dynamic)]
    @Parameter(title: "Busy") var busy: Bool
    func perform() async throws -> some IntentResult & ProvidesDialog {
        if busy { throw needsToContinueInForegroundError("Open the app to see the crowd map.", alwaysConfirm: false) }
        try await continueInForeground("Show the crowd map?")
        return .result(dialog: "Showing the crowd map")
    }
}

@Test func continueInForegroundReturnsAtOnceInTheAppService() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [ShowCrowdMapIntent.self])
    let result = try await app.runIntent(RunIntentParams(intent: "ShowCrowdMapIntent", arguments: ["busy": .bool(false)]))
    #expect(result.dialog == "Showing the crowd map")
}

@Test func needsToContinueInForegroundErrorEndsTheRunWithItsDialog() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [ShowCrowdMapIntent.self])
    let result = try await app.runIntent(RunIntentParams(intent: "ShowCrowdMapIntent", arguments: ["busy": .bool(true)]))
    #expect(result.value == IntentResultValue.none)
    #expect(result.dialog == "Open the app to see the crowd map.")
}

// `systemContext.currentMode`, as Apple's IntentModes.Current page writes its check.
struct CheckCrowdModeIntent: AppIntent {
    static let supportedModes: IntentModes = [.background, .foreground(.dynamic)]
    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        if systemContext.currentMode == .background {
            if systemContext.currentMode.canContinueInForeground { try await continueInForeground() }
            return .result(value: "background")
        }
        return .result(value: "\(systemContext.currentMode)")
    }
}

struct CountInBackgroundIntent: AppIntent {
    static let supportedModes: IntentModes = .background
    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        .result(value: "\(systemContext.currentMode) voice-only: \(systemContext.isVoiceOnly)")
    }
}

@Test func theCurrentModeIsForegroundWhenTheIntentSupportsAForegroundMode() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [CheckCrowdModeIntent.self, CountInBackgroundIntent.self])
    #expect(try await app.run("CheckCrowdModeIntent") == .value(.string("foreground")))
    #expect(try await app.run("CountInBackgroundIntent") == .value(.string("background voice-only: false")))
}
