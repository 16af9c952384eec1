import IntentKitTesting
import Testing

// A Swift Testing test written from docs/testing.md passes `Date` and `URL` values with only
// these two imports (XCTest would have brought Foundation; Swift Testing does not). This file
// imports nothing else on purpose.

@Test func aSwiftTestingTestPassesADateAndAURLWithOnlyIntentKitTestingImported() async throws {
    let date = Date(timeIntervalSince1970: 1_780_000_000)
    let url = URL(string: "https://example.com/launch")!
    let echoedDate = try await fixture.intents["EchoDateIntent"].makeIntent(value: date).run()
    let echoedURL = try await fixture.intents["EchoURLIntent"].makeIntent(value: url).run()
    #expect(try echoedDate.value == date)
    #expect(try echoedURL.value == url)
}
