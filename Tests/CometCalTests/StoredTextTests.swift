import Foundation
import Testing
import IntentKitTesting

extension CometCalSuite {
    /// Text CometCal stores comes back exactly as it was given.
    @Suite("Stored text")
    struct StoredTextTests {
        let definitions = CometCal.definitions()

        init() async throws {
            try await CometCal.seed(definitions)
        }

        @Test func titleWithANulCharacterIsStoredWhole() async throws {
            let title = "nul\u{0000}tail"
            let created = try await definitions.intents["CreateEventIntent"].makeIntent(
                title: title, startDate: Date(), calendar: "Deep Space"
            ).run()
            let id: String = try created.value.id
            let read = try await definitions.entities["EventEntity"].entities(identifiers: [id])
            let stored: String? = try read.first?.title
            #expect(stored == title)
        }
    }
}
