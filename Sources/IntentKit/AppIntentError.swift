import Foundation

/// App Intents' own errors, thrown from `perform()` or a query as Apple's samples do:
/// `throw AppIntentError.Unrecoverable.entityNotFound`. A caller (the test harness) gets the
/// error's text as its `localizedDescription`, as from any error the app throws; its type name is
/// `AppIntentError`.
///
/// ```swift
/// guard let trail = trailManager.trail(with: id) else { throw AppIntentError.Unrecoverable.entityNotFound }
/// throw AppIntentError(description: "The trail is closed for the season.")
/// ```
///
/// There is no system here to act on the kind (ask for a permission, sign in, retry), so each is
/// only its text.
public struct AppIntentError: Error, LocalizedError, CustomLocalizedStringResourceConvertible, Hashable, Sendable {
    /// What the error says.
    public var localizedStringResource: LocalizedStringResource
    public var errorDescription: String? { localizedStringResource.defaultValue }

    /// An error that says `description`.
    public init(description: LocalizedStringResource) { self.localizedStringResource = description }

    /// The app lacks a permission the person must grant.
    public enum PermissionRequired {
        public static let bluetooth = AppIntentError(description: "The app needs access to Bluetooth.")
        public static let contacts = AppIntentError(description: "The app needs access to contacts.")
        public static let localNetwork = AppIntentError(description: "The app needs access to the local network.")
        public static let photos = AppIntentError(description: "The app needs access to your photo library.")
        public static let siri = AppIntentError(description: "The app needs access to Siri.")
        /// Access to the person's location; `precise` when approximate is not enough (the text says which).
        public static func location(precise: Bool = false) -> AppIntentError {
            AppIntentError(description: precise ? "The app needs access to your precise location."
                                                : "The app needs access to your location.")
        }
    }

    /// The person must do something before the intent can finish.
    public enum UserActionRequired {
        public static let accountSetup = AppIntentError(description: "You need to set up your account.")
        public static let confirmation = AppIntentError(description: "You need to confirm the action.")
        public static let signin = AppIntentError(description: "You need to sign in to continue.")
    }

    /// Nothing the person can do right away.
    public enum Unrecoverable {
        public static let entityNotFound = AppIntentError(description: "No app entity matched the search criteria.")
        public static let featureCurrentlyRestricted = AppIntentError(description: "This feature is currently restricted.")
        public static let networkFailure = AppIntentError(description: "You need to be connected to the internet.")
        public static let notAllowed = AppIntentError(description: "This action isn't allowed.")
        public static let partialFailure = AppIntentError(description: "Not every action was completed.")
        public static let unsupportedOnDevice = AppIntentError(description: "This feature isn't supported on this device.")
        public static let unknown = AppIntentError(description: "Something went wrong.")
    }
}

/// An app's error that says itself as one of App Intents' errors (App Intents 2026's
/// `CustomAppIntentErrorConvertible`): thrown from `perform()` or a query, the run fails with
/// `appIntentError`'s text, also when the error has a `localizedStringResource` of its own.
///
/// ```swift
/// enum TrailError: Error, CustomAppIntentErrorConvertible {
///     case gone
///     var appIntentError: AppIntentError { .Unrecoverable.entityNotFound }
/// }
/// ```
public protocol CustomAppIntentErrorConvertible {
    /// The App Intents error this error is.
    var appIntentError: AppIntentError { get }
}

extension AppIntentError {
    /// The error `convertible` says it is: `AppIntentError(wrapping: TrailError.gone)`.
    public init(wrapping convertible: some CustomAppIntentErrorConvertible) {
        self = convertible.appIntentError
    }

    /// An error that says what `error`'s `localizedStringResource` says. Disfavored: an error that is
    /// also a ``CustomAppIntentErrorConvertible`` is wrapped as its `appIntentError`, as Apple's is.
    @_disfavoredOverload
    public init(wrapping error: some CustomLocalizedStringResourceConvertible & Error) {
        self.init(description: error.localizedStringResource)
    }
}
