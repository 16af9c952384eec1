import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// Apple's OpenURLIntent (iOS 18), returned from another intent's perform() to open a universal link.

struct ShowTrailLinkIntent: AppIntent {
    static let title: LocalizedStringResource = "Show Trail Link"
    @Parameter(title: "Trail") var trail: Int

    func perform() async throws -> some IntentResult & ReturnsValue<String> & OpensIntent {
        let link = URL(string: "https://example.com/trail/\(trail)")!
        return .result(value: link.absoluteString, opensIntent: OpenURLIntent(link))
    }
}

private let trails = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [ShowTrailLinkIntent.self])

@Test func anIntentThatOpensAURLRunsAndGivesItsValue() async throws {
    #expect(try await trails.run("ShowTrailLinkIntent", ["trail": .int(7)]) == .value(.string("https://example.com/trail/7")))
}

@Test func anOpenURLIntentKeepsItsURL() {
    let link = URL(string: "https://example.com/trail/7")!
    #expect(OpenURLIntent(link).url == link)
    #expect(OpenURLIntent.openAppWhenRun)
}
