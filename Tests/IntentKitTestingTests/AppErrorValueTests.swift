import Foundation
import Testing
@testable import intentkit_fixture
import IntentKitTesting

// Where the test target links the app's module, the app's error is its own value.

@Test func plainEnumErrorIsRebuiltAsTheAppsOwnValue() async throws {
    await #expect(throws: FixtureError.emptyName) {
        try await validateName.makeIntent(name: "").run()
    }
    await #expect(throws: FixtureError.tooLong) {
        try await validateName.makeIntent(name: "a name far too long").run()
    }
}

@Test func codableErrorWithAssociatedValuesIsDecodedAsTheAppsOwnValue() async throws {
    let error = try #require(await thrownError { try await validateName.makeIntent(name: "Pia", requested: 5).run() })
    #expect(error as? StockError == .insufficient(requested: 5, available: 3))
    #expect(error.localizedDescription == "only 3 left, 5 requested")
}
