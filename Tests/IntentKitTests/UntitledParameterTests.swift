import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// @Parameter without a title, as Apple's GetTrailInfo declares its trail (App Intents since iOS 18).

struct GetTrailLengthIntent: AppIntent {
    @Parameter var trail: String
    @Parameter(description: "Kilometres to add", default: 2) var extra: Int
    @Parameter(title: "Unit", inputConnectionBehavior: .connectToPreviousIntentResult) var unit: String?

    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        .result(value: "\(trail) +\(extra) \(unit ?? "km")")
    }
}

private let trailLength = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [GetTrailLengthIntent.self])

@Test func anUntitledParameterTakesItsValueAndDefault() async throws {
    #expect(try await trailLength.run("GetTrailLengthIntent", ["trail": .string("Ridge")]) == .value(.string("Ridge +2 km")))
}

@Test func anUntitledParameterIsDescribedByItsName() async throws {
    let intent = try #require(await trailLength.describe().intents.first)
    #expect(intent.parameters.map(\.title) == ["trail", "extra", "Unit"])
    #expect(intent.parameters[1].description == "Kilometres to add")
}
