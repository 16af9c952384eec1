/// Whether an intent's action runs with the app in the foreground or the background (App Intents
/// 2025's `IntentModes`, the value of an intent's `supportedModes`):
///
/// ```swift
/// struct NavigateIntent: AppIntent {
///     static let supportedModes: IntentModes = .foreground
///     ...
/// }
/// struct GetCrowdStatusIntent: AppIntent {
///     static let supportedModes: IntentModes = [.background, .foreground(.dynamic)]
///     ...
/// }
/// ```
///
/// An app service already is the app, running its intents in its own process, so the modes are
/// kept, not acted on (as `openAppWhenRun` is).
public struct IntentModes: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The action runs entirely in the background.
    public static var background: IntentModes { IntentModes(rawValue: 1 << 0) }
    /// The action runs in the foreground: the ``ForegroundMode/immediate`` mode.
    public static var foreground: IntentModes { .foreground(.immediate) }

    /// The foreground with the given behavior: `.foreground(.dynamic)`.
    public static func foreground(_ foregroundMode: ForegroundMode) -> IntentModes {
        IntentModes(rawValue: foregroundMode.rawValue)
    }

    /// When the app comes to the foreground for an action.
    public struct ForegroundMode: Hashable, Sendable {
        let rawValue: Int
        /// Before the action runs.
        public static var immediate: ForegroundMode { ForegroundMode(rawValue: 1 << 1) }
        /// If the action asks to and conditions permit it.
        public static var dynamic: ForegroundMode { ForegroundMode(rawValue: 1 << 2) }
        /// While the action runs, or shortly before it completes.
        public static var deferred: ForegroundMode { ForegroundMode(rawValue: 1 << 3) }
    }

    /// The modes as `describe` reports them, in this order: `background`, `foreground(immediate)`,
    /// `foreground(dynamic)`, `foreground(deferred)`.
    var names: [String] {
        let named: [(IntentModes, String)] = [(.background, "background"), (.foreground(.immediate), "foreground(immediate)"),
                                              (.foreground(.dynamic), "foreground(dynamic)"),
                                              (.foreground(.deferred), "foreground(deferred)")]
        return named.filter { contains($0.0) }.map(\.1)
    }
}

extension IntentModes {
    /// How the intent is running now (App Intents 2025's `IntentModes.Current`), read from
    /// `systemContext.currentMode`: compare it with ``background`` and ``foreground``.
    public struct Current: Hashable, Sendable, CustomStringConvertible {
        let isForeground: Bool

        /// The intent runs with the app in the background.
        public static var background: Current { Current(isForeground: false) }
        /// The intent runs with the app in the foreground.
        public static var foreground: Current { Current(isForeground: true) }

        /// Whether the intent may ask to continue in the foreground (`continueInForeground()`):
        /// always here, where the app service already is the app and such a request returns at once.
        public var canContinueInForeground: Bool { true }

        public var description: String { isForeground ? "foreground" : "background" }
    }
}

/// What the system tells a running intent about its run (App Intents' `IntentSystemContext`).
///
/// ```swift
/// func perform() async throws -> some IntentResult {
///     if systemContext.currentMode == .background, systemContext.currentMode.canContinueInForeground {
///         try await continueInForeground()
///     }
///     ...
/// }
/// ```
public struct IntentSystemContext: Sendable {
    /// `.foreground` when the intent's `supportedModes` has a foreground mode (an app service
    /// runs it in the app's own process, as continuing in the foreground would), else `.background`.
    public let currentMode: IntentModes.Current
    /// Whether the run is by voice alone, with no screen to show: never here.
    public var isVoiceOnly: Bool { false }
}

extension AppIntent {
    /// What the system tells the intent about its run (see ``IntentSystemContext``).
    public var systemContext: IntentSystemContext {
        IntentSystemContext(currentMode: Self.supportedModes.subtracting(.background).isEmpty ? .background : .foreground)
    }
}
