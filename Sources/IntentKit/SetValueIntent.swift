/// App Intents' `SetValueIntent` (iOS 18): an intent that sets one value, as a control's toggle
/// does. There are no controls on Linux; it runs by name like any intent, its `value` given as
/// the argument `value`.
///
/// ```swift
/// struct ToggleSilentMode: SetValueIntent {
///     static let title = LocalizedStringResource("Silent Mode")
///     @Parameter(title: "Silent") var value: Bool
///     func perform() async throws -> some IntentResult {
///         await Settings.shared.setSilent(value)
///         return .result()
///     }
/// }
/// ```
public protocol SetValueIntent<ValueType>: AppIntent {
    associatedtype ValueType: IntentValue
    var value: ValueType { get set }
}
