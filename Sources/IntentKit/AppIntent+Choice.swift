/// One entry of the list `requestChoice(between:dialog:)` offers (App Intents' `IntentChoiceOption`,
/// also `Option` inside an intent): its text and its style.
///
/// ```swift
/// let archive = Option(title: "Archive", style: .default)
/// let delete = Option(title: "Delete", style: .destructive)
/// let choice = try await requestChoice(between: [.cancel, archive, delete], dialog: "Archive or delete?")
/// ```
public struct IntentChoiceOption: Hashable, Sendable {
    /// How the option is shown: `.default`, `.destructive` or `.cancel`. Kept; nothing shows it here.
    public struct Style: Hashable, Sendable {
        let name: String
        public static var `default`: Style { Style(name: "default") }
        public static var destructive: Style { Style(name: "destructive") }
        public static var cancel: Style { Style(name: "cancel") }
    }

    /// The option's text.
    public let title: LocalizedStringResource
    /// The option's style.
    public let style: Style

    public init(title: LocalizedStringResource, style: Style = .default) {
        self.title = title
        self.style = style
    }

    /// The option that cancels, as Apple's `.cancel` in a list of options.
    public static var cancel: IntentChoiceOption { IntentChoiceOption(title: "Cancel", style: .cancel) }
}

/// What `requestChoice(between:dialog:)` throws: an intent asked the person to choose among options.
/// No one can choose on Linux (the caller passes every value up front), so the run fails with
/// `invalidInput` naming the dialog and the options.
public struct IntentChoiceRequestError: Error, Sendable, CustomStringConvertible {
    /// The options offered.
    public let options: [IntentChoiceOption]
    /// What the intent would have asked.
    public let dialog: IntentDialog?

    public var description: String {
        "asked to choose between " + options.map { "'\($0.title.defaultValue)'" }.joined(separator: ", ")
            + (dialog.map { ": \($0.text)" } ?? "")
    }
}

extension AppIntent {
    /// `Option(title: "Delete", style: .destructive)` inside an intent, as Apple's.
    public typealias Option = IntentChoiceOption

    /// Asks the person to choose one of `options` (App Intents 2025). No one can choose on Linux:
    /// throws ``IntentChoiceRequestError``, and the run fails with `invalidInput`
    /// (`RemoveCollectionIntent asked to choose between 'Cancel', 'Archive', 'Delete': Archive or
    /// delete?; no one can choose here: make the choice a parameter`). The forms with a SwiftUI
    /// `view:` or `content:` are not there.
    public func requestChoice(between options: [IntentChoiceOption], dialog: IntentDialog? = nil) async throws
        -> IntentChoiceOption {
        throw IntentChoiceRequestError(options: options, dialog: dialog)
    }
}
