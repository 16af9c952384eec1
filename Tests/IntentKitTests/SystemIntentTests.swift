import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// App Intents' system intent kinds, as Apple's samples declare them.

struct ImportPhotosIntent: ProgressReportingIntent {
    func perform() async throws -> some IntentResult & ReturnsValue<Double> {
        progress.totalUnitCount = 4
        progress.completedUnitCount += 1
        progress.completedUnitCount += 1
        return .result(value: progress.fractionCompleted)
    }
}

struct PlayEpisodeIntent: AudioPlaybackIntent {
    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: "playing") }
}

@Test func aProgressReportingIntentKeepsItsRunsProgress() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [ImportPhotosIntent.self])
    #expect(try await app.run("ImportPhotosIntent") == .value(.double(0.5)))
    #expect(try await app.run("ImportPhotosIntent") == .value(.double(0.5)), "each run has a progress of its own")
}

struct StartMemoRecordingIntent: AudioRecordingIntent {
    static let title: LocalizedStringResource = "Start Recording"
    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: "recording") }
}

@Test func anAudioRecordingIntentRunsAsAnyIntent() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [StartMemoRecordingIntent.self])
    #expect(try await app.run("StartMemoRecordingIntent") == .value(.string("recording")))
}

@Test func anAudioPlaybackIntentRunsAsAnyIntent() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [PlayEpisodeIntent.self])
    #expect(try await app.run("PlayEpisodeIntent") == .value(.string("playing")))
}
