import Foundation
import Testing
import IntentKitTesting

// Errors the app's own code throws reach the test as the app wrote them; errors of the
// harness or the call stay SpotlightErrors.

let validateName = fixture.intents["ValidateNameIntent"]

/// The error `body` throws.
func thrownError(_ body: () async throws -> Void) async -> (any Error)? {
    do {
        try await body()
        return nil
    } catch {
        return error
    }
}

@Test func appErrorKeepsItsLocalizedDescriptionExactly() async throws {
    let error = try #require(await thrownError { try await validateName.makeIntent(name: "").run() })
    #expect(error.localizedDescription == "名称不能为空")
}

@Test func appErrorThatCannotBeRebuiltIsAnAppIntentErrorNamingItsTypeAndCase() async throws {
    let error = try #require(await thrownError { try await validateName.makeIntent(name: "opaque").run() })
    let appError = try #require(error as? AppIntentError)
    #expect(appError.typeName == "OpaqueError")
    #expect(appError.caseName == "rejected")
    #expect(appError.thrownBy == "ValidateNameIntent.perform()")
    #expect(appError.localizedDescription == "rejected: opaque on purpose")
    #expect(!(error is SpotlightError))
}

@Test func harnessErrorIsASpotlightErrorNotAnAppError() async throws {
    let error = try #require(await thrownError { try await validateName.makeIntent(nome: "x").run() })
    let spotlightError = try #require(error as? SpotlightError)
    #expect(spotlightError.message.contains("no parameter 'nome'"))
    #expect(error.localizedDescription.contains("no parameter 'nome'"))
    #expect(!(error is AppIntentError))
}

@Test func sortByAPropertyTheQueryDoesNotOfferIsACallError() async throws {
    let error = try #require(await thrownError {
        _ = try await fixture.entities["ItemEntity"].entities(matching: [.contains("title", "a")],
                                                             sortedBy: [.ascending("flavor")])
    })
    // Sorting by a property the query does not offer is a call error, found before the app's code runs.
    #expect(error is SpotlightError)
    #expect(error.localizedDescription.contains("cannot sort by 'flavor'"))
}

@Test func appleAppIntentErrorThrownByTheAppReachesTheTestWithItsText() async throws {
    let error = try #require(await thrownError { try await validateName.makeIntent(name: "nobody").run() })
    let appError = try #require(error as? AppIntentError)
    #expect(appError.localizedDescription == "No app entity matched the search criteria.")
    #expect(appError.typeName == "AppIntentError")
    #expect(appError.thrownBy == "ValidateNameIntent.perform()")
}
