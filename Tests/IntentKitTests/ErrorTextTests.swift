import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import SpotlightWire
import Testing

// An App Intents error says itself with `localizedStringResource`, as Apple's samples write it.

enum SoupError: Error, CustomLocalizedStringResourceConvertible {
    case soldOut(String)
    var localizedStringResource: LocalizedStringResource {
        switch self {
        case .soldOut(let soup): return "\(soup) is sold out"
        }
    }
}

struct OrderSoupIntent: AppIntent {
    func perform() async throws -> EmptyIntentResult { throw SoupError.soldOut("Tomato soup") }
}

@Test func anErrorsLocalizedStringResourceIsTheMessageAndTheReportedDescription() async throws {
    let dispatcher = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [OrderSoupIntent.self])
    let error = try #require(await spotlightError { _ = try await dispatcher.run("OrderSoupIntent") })
    #expect(error.message == "OrderSoupIntent.perform() threw: Tomato soup is sold out")
    #expect(AppErrorReport(carriedBy: error)?.localizedDescription == "Tomato soup is sold out")
}

/// Text that ends at its 513th nesting level: Foundation's `JSONDecoder` (swift-foundation on
/// Linux) traps on it, building its error, instead of throwing.
let textEndingAtFoundationsNestingLimit = #"{"a":"# + String(repeating: "[", count: 512)

@Test func aReportTextFoundationsJSONDecoderWouldTrapOnCarriesNoReport() {
    let error = SpotlightError(.intentFailed, "the app's intent failed", underlying: textEndingAtFoundationsNestingLimit)
    #expect(AppErrorReport(carriedBy: error) == nil)
}

enum FloodError: Error, CustomLocalizedStringResourceConvertible {
    case flood
    var localizedStringResource: LocalizedStringResource {
        LocalizedStringResource(stringLiteral: String(repeating: "\u{0}", count: 20_000_000))
    }
}

struct FloodIntent: AppIntent {
    func perform() async throws -> EmptyIntentResult { throw FloodError.flood }
}

@Test func anErrorTextOverTheFrameLimitIsCutSoItsAnswerFitsInAFrame() async throws {
    let dispatcher = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [FloodIntent.self])
    let error = try #require(await spotlightError { _ = try await dispatcher.run("FloodIntent") })
    let answer = try JSONEncoder().encode([error.message, error.underlying ?? ""])   // as the answer carries them
    #expect(answer.count < LineFramer.defaultMaxFrameBytes / 4)
    #expect(error.message.hasSuffix("more bytes cut: an app's error text is cut to 64 KiB)"))
    #expect(AppErrorReport(carriedBy: error)?.localizedDescription.hasPrefix("\u{0}\u{0}") == true)
}

enum SilentError: Error, LocalizedError {
    case nothingToSay
    var errorDescription: String? { "" }
}

struct SilentIntent: AppIntent {
    func perform() async throws -> EmptyIntentResult { throw SilentError.nothingToSay }
}

@Test func anErrorWithAnEmptyTextIsNamedByItsTypeAndCase() async throws {
    let dispatcher = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [SilentIntent.self])
    let error = try #require(await spotlightError { _ = try await dispatcher.run("SilentIntent") })
    #expect(error.message.hasPrefix("SilentIntent.perform() threw: "))
    #expect(error.message.contains("SilentError.nothingToSay (its text is empty)"), "\(error.message)")
}

/// Apple's permission errors beyond Bluetooth, contacts and the local network.
struct FindNearbyTrailIntent: AppIntent {
    func perform() async throws -> EmptyIntentResult { throw AppIntentError.PermissionRequired.location(precise: true) }
}

@Test func aPermissionErrorForThePreciseLocationSaysSo() async throws {
    let dispatcher = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [FindNearbyTrailIntent.self])
    let error = try #require(await spotlightError { _ = try await dispatcher.run("FindNearbyTrailIntent") })
    #expect(error.message == "FindNearbyTrailIntent.perform() threw: The app needs access to your precise location.")
}

@Test func applesPermissionErrorsEachSayWhichPermission() {
    #expect(AppIntentError.PermissionRequired.photos.localizedDescription == "The app needs access to your photo library.")
    #expect(AppIntentError.PermissionRequired.siri.localizedDescription == "The app needs access to Siri.")
    #expect(AppIntentError.PermissionRequired.location().localizedDescription == "The app needs access to your location.")
}

/// An error that says itself as one of App Intents' errors, and has a text of its own too.
enum ClosedTrailError: Error, CustomLocalizedStringResourceConvertible, CustomAppIntentErrorConvertible {
    case closed
    var localizedStringResource: LocalizedStringResource { "The trail is closed" }
    var appIntentError: AppIntentError { .Unrecoverable.featureCurrentlyRestricted }
}

struct HikeClosedTrailIntent: AppIntent {
    func perform() async throws -> EmptyIntentResult { throw ClosedTrailError.closed }
}

@Test func anErrorConvertibleToAnAppIntentErrorSaysThatErrorsText() async throws {
    let dispatcher = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [HikeClosedTrailIntent.self])
    let error = try #require(await spotlightError { _ = try await dispatcher.run("HikeClosedTrailIntent") })
    #expect(error.message == "HikeClosedTrailIntent.perform() threw: This feature is currently restricted.")
    #expect(AppErrorReport(carriedBy: error)?.localizedDescription == "This feature is currently restricted.")
}

@Test func anAppIntentErrorWrapsAnErrorBySayingWhatItSays() {
    #expect(AppIntentError(wrapping: SoupError.soldOut("Leek soup")).localizedDescription == "Leek soup is sold out")
    #expect(AppIntentError(wrapping: ClosedTrailError.closed) == .Unrecoverable.featureCurrentlyRestricted)
}
