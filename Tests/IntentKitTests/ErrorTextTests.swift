import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
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
