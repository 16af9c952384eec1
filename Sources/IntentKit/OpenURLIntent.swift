import Foundation

/// App Intents' `OpenURLIntent` (iOS 18): an intent that opens one of the app's universal links,
/// most often returned from another intent's `perform()`.
///
/// ```swift
/// func perform() async throws -> some IntentResult & OpensIntent {
///     .result(opensIntent: OpenURLIntent(URL(string: "https://example.com/trail/7")!))
/// }
/// ```
///
/// A Linux desktop has no universal links to hand the URL to, so it runs and opens nothing: the
/// intent that returned it still gives its caller its value and dialog, as Apple's does.
public struct OpenURLIntent: AppIntent {
    public static var title: LocalizedStringResource { "Open URL" }
    public static var openAppWhenRun: Bool { true }

    /// The universal link to open.
    @Parameter(title: "URL") public var url: URL

    public init() {}

    /// The intent that opens `url`.
    public init(_ url: URL) {
        self.url = url
    }

    public func perform() async throws -> some IntentResult { .result() }
}
