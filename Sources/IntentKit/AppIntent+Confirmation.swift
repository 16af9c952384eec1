/// The verb on a confirmation's button (App Intents' `ConfirmationActionName`); kept for source
/// compatibility: `requestConfirmation` asks no one on Linux.
///
/// ```swift
/// try await requestConfirmation(result: .result(dialog: "Order \(soup)?"), confirmationActionName: .order)
/// ```
public struct ConfirmationActionName: Hashable, Sendable {
    /// The verb, e.g. `order`.
    public let name: String
    init(_ name: String) { self.name = name }

    public static let add = Self("add"), addData = Self("addData"), book = Self("book"), buy = Self("buy")
    public static let call = Self("call"), checkIn = Self("checkIn"), `continue` = Self("continue")
    public static let create = Self("create"), `do` = Self("do"), download = Self("download"), filter = Self("filter")
    public static let find = Self("find"), get = Self("get"), go = Self("go"), log = Self("log"), open = Self("open")
    public static let order = Self("order"), pay = Self("pay"), play = Self("play"), playSound = Self("playSound")
    public static let post = Self("post"), request = Self("request"), run = Self("run"), search = Self("search")
    public static let send = Self("send"), set = Self("set"), share = Self("share"), start = Self("start")
    public static let startNavigation = Self("startNavigation"), toggle = Self("toggle"), turnOff = Self("turnOff")
    public static let turnOn = Self("turnOn"), view = Self("view")

    /// A verb of the app's own, as Apple's `.custom(acceptLabel:acceptAlternatives:denyLabel:denyAlternatives:destructive:)`.
    public static func custom(acceptLabel: LocalizedStringResource, acceptAlternatives: [LocalizedStringResource] = [],
                              denyLabel: LocalizedStringResource, denyAlternatives: [LocalizedStringResource] = [],
                              destructive: Bool = false) -> Self {
        Self(acceptLabel.defaultValue)
    }
}

extension AppIntent {
    /// Asks the person to confirm before going on. An IntentKit intent runs because a caller
    /// asked for it by name with every value given, so this returns at once, confirmed.
    ///
    /// ```swift
    /// try await requestConfirmation(result: .result(dialog: "Delete \(book.title)?"), confirmationActionName: .go)
    /// ```
    public func requestConfirmation<Result: IntentResult>(result: Result,
                                                          confirmationActionName: ConfirmationActionName = .continue,
                                                          showPrompt: Bool = true) async throws {}

    /// The later App Intents form: `try await requestConfirmation(actionName: .set, dialog: "Delete every book?")`,
    /// also with iOS 18's `conditions:` (`requestConfirmation(conditions: [], actionName: .continue, dialog: …)`).
    /// Returns at once, confirmed, as ``requestConfirmation(result:confirmationActionName:showPrompt:)``,
    /// whatever the conditions.
    public func requestConfirmation(conditions: ConfirmationConditions = [], actionName: ConfirmationActionName = .continue,
                                    dialog: IntentDialog? = nil, showDialogAsPrompt: Bool = true) async throws {}
}

/// When a confirmation is asked for (App Intents' `ConfirmationConditions`, iOS 18): `[]`, always, or
/// `.lowConfidenceSource`, only when the run came from a source the system is unsure of. Kept for
/// source compatibility: `requestConfirmation` asks no one on Linux.
public struct ConfirmationConditions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Confirm only a run from a low-confidence source (a guess of Siri's, say).
    public static let lowConfidenceSource = ConfirmationConditions(rawValue: 1 << 0)
}
