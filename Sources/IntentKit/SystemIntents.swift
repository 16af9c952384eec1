import Foundation

/// App Intents' base of the intents the system knows a kind of (`AudioPlaybackIntent`,
/// `LiveActivityIntent`, ...). Here each is an ``AppIntent`` run like any other.
public protocol SystemIntent: AppIntent {}

/// An intent that plays audio (App Intents' `AudioPlaybackIntent`). A marker here: every intent
/// already runs in the app's own process, which may play audio.
public protocol AudioPlaybackIntent: SystemIntent {}

/// An intent that starts, stops, pauses or resumes recording audio (App Intents' `AudioRecordingIntent`,
/// iOS 18). A marker here: every intent already runs in the app's own process, which may record.
public protocol AudioRecordingIntent: SystemIntent {}

/// An intent that starts or updates a Live Activity (App Intents' `LiveActivityIntent`). A marker
/// here: every intent already runs in the app's own process; there are no Live Activities on Linux.
public protocol LiveActivityIntent: SystemIntent {}

/// An intent whose change people may want to undo from the app (App Intents' `UndoableIntent`,
/// 2025): its `perform()` registers how to undo with ``undoManager``, and the app, never the
/// intent's caller, undoes it.
///
/// ```swift
/// struct DeleteNoteIntent: UndoableIntent {
///     @Parameter var note: NoteEntity
///     func perform() async throws -> some IntentResult {
///         let removed = try await NoteStore.shared.delete(note.id)
///         await undoManager?.registerUndo(withTarget: NoteStore.shared) { $0.restore(removed) }
///         await undoManager?.setActionName("Delete \(removed.title)")
///         return .result()
///     }
/// }
/// ```
public protocol UndoableIntent: SystemIntent {}

extension UndoableIntent {
    /// The app's undo manager (``AppScreen/undoManager`` of ``AppScreen/shared``); nil while
    /// the app set none, and the intent's registrations are then dropped (`undoManager?.`).
    @MainActor public var undoManager: UndoManager? { AppScreen.shared.undoManager }
}

/// An intent that reports how far along it is (App Intents' `ProgressReportingIntent`).
///
/// ```swift
/// struct ImportPhotosIntent: ProgressReportingIntent {
///     func perform() async throws -> some IntentResult {
///         progress.totalUnitCount = Int64(photos.count)
///         for photo in photos { try await importPhoto(photo); progress.completedUnitCount += 1 }
///         return .result()
///     }
/// }
/// ```
///
/// `progress` is the run's own `Progress`, available in `perform()` only (elsewhere it stops the
/// process, as Apple's crashes); nothing watches it here, so it is not reported to the caller.
public protocol ProgressReportingIntent: AppIntent {}

extension ProgressReportingIntent {
    /// The progress of the running `perform()`.
    public var progress: Progress {
        guard let progress = RunProgress.current?.progress else {
            fatalError("\(Self.typeName).progress was read outside perform(); it is available only while the intent runs")
        }
        return progress
    }
}

/// The `Progress` of the intent whose `perform()` is running, for ``ProgressReportingIntent``.
final class RunProgress: @unchecked Sendable {
    // Progress is thread-safe; it is not marked Sendable in swift-corelibs-foundation.
    let progress = Progress(totalUnitCount: -1)
    @TaskLocal static var current: RunProgress?
}

extension IntentInvocation {
    /// Calls `perform()` with a progress of the run's own, for ``ProgressReportingIntent``.
    static func perform<Intent: AppIntent>(_ intent: Intent) async throws -> Intent.PerformResult {
        try await RunProgress.$current.withValue(RunProgress()) { try await intent.perform() }
    }
}
