import IntentKit
import Testing

// App Intents code names Foundation's types with only `import AppIntents`; `import IntentKit`
// alone brings them too, so a port changes the import and nothing else. This file imports
// nothing else on purpose.

struct StampIntent: AppIntent {
    @Parameter(title: "When") var when: Date
    @Parameter(title: "Link") var link: URL
    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        let id = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00CF4FC964FF")!
        return .result(value: "\(id.uuidString) \(link.host ?? "") \(Int(when.timeIntervalSince1970))")
    }
}

@Test func anIntentNamesFoundationsTypesWithOnlyIntentKitImported() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [StampIntent.self])
    let value = try await app.run("StampIntent", ["when": .date(Date(timeIntervalSince1970: 60)),
                                                  "link": .url(URL(string: "https://example.com/a")!)])
    #expect(value == .value(.string("6F9619FF-8B86-D011-B42D-00CF4FC964FF example.com 60")))
}
