import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Synchronization
import Testing

// Apple's ForegroundContinuableIntent: the app service already is the app, so a continuation runs at once.

/// Notes the continuations ran with, across tests.
let continuedNotes = Mutex<[String]>([])

struct LockedLibraryError: Error, LocalizedError {
    var errorDescription: String? { "the library is locked" }
}

struct UnlockLibraryIntent: AppIntent, ForegroundContinuableIntent {
    @Parameter(title: "Note") var note: String
    @Parameter(title: "Fail", default: false) var fail: Bool

    func perform() async throws -> EmptyIntentResult {
        let note = note, fail = fail
        throw needsToContinueInForegroundError("Unlock the library first.") {
            if fail { throw LockedLibraryError() }
            continuedNotes.withLock { $0.append(note) }
        }
    }
}

struct OpenReaderIntent: AppIntent, ForegroundContinuableIntent {
    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        try await requestToContinueInForeground()
        return .result(value: try await requestToContinueInForeground("Open the reader?") { "reader open" })
    }
}

private let readerApp = AppServiceDispatcher(bundleIdentifier: testBundle,
                                             intents: [UnlockLibraryIntent.self, OpenReaderIntent.self])

@Test func aThrownForegroundErrorRunsItsContinuation() async throws {
    _ = try await readerApp.runIntent(RunIntentParams(intent: "UnlockLibraryIntent", arguments: ["note": .string("ran-once")]))
    #expect(continuedNotes.withLock { $0.contains("ran-once") })
}

@Test func aRunEndedByAForegroundErrorSucceedsWithItsDialogAndNoValue() async throws {
    let result = try await readerApp.runIntent(RunIntentParams(intent: "UnlockLibraryIntent", arguments: ["note": .string("dialog")]))
    #expect(result == RunIntentResult(value: .none, dialog: "Unlock the library first."))
}

@Test func aContinuationThatThrowsFailsTheRunWithItsError() async throws {
    let error = await spotlightError {
        _ = try await readerApp.run("UnlockLibraryIntent", ["note": .string("fails"), "fail": .bool(true)])
    }
    #expect(error?.code == .intentFailed)
    #expect(error?.message == "UnlockLibraryIntent's foreground continuation threw: the library is locked")
}

@Test func requestToContinueInForegroundReturnsItsContinuationsValue() async throws {
    #expect(try await readerApp.run("OpenReaderIntent") == .value(.string("reader open")))
}

struct ContinueTwiceIntent: AppIntent, ForegroundContinuableIntent {
    @Parameter(title: "Kind") var kind: String

    func perform() async throws -> EmptyIntentResult {
        let kind = kind, parameter = $kind, intent = self
        throw needsToContinueInForegroundError("First.") {
            if kind == "needs-value" { throw parameter.needsValueError("Which kind?") }
            throw intent.needsToContinueInForegroundError("Second.") { continuedNotes.withLock { $0.append("nested-ran") } }
        }
    }
}

private let twiceApp = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [ContinueTwiceIntent.self])

@Test func aContinuationThatAsksToContinueAgainRunsTheNextAtOnce() async throws {
    _ = try await twiceApp.run("ContinueTwiceIntent", ["kind": .string("nested")])
    #expect(continuedNotes.withLock { $0.contains("nested-ran") })
}

@Test func aContinuationThatNeedsAValueFailsAsPerformWouldNamingTheParameter() async throws {
    let error = await spotlightError { _ = try await twiceApp.run("ContinueTwiceIntent", ["kind": .string("needs-value")]) }
    #expect(error?.code == .invalidInput)
    #expect(error?.message == "ContinueTwiceIntent, parameter 'kind' (string) needs a value: Which kind?")
}
