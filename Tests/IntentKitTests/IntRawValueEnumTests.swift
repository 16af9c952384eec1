import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// AppEnum with an Int raw value: Apple's AppEnum takes any LosslessStringConvertible raw value.

enum StarRating: Int, AppEnum {
    case one = 1, two, three
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Rating"
    static let caseDisplayRepresentations: [StarRating: DisplayRepresentation] = [.one: "★", .two: "★★", .three: "★★★"]
}

struct RateTrailIntent: AppIntent {
    @Parameter(title: "Rating", default: .two) var rating: StarRating
    func perform() async throws -> some IntentResult & ReturnsValue<StarRating> { .result(value: rating) }
}

private let rateTrail = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [RateTrailIntent.self],
                                             enums: [StarRating.self])

@Test func anIntRawValueEnumIsGivenByItsRawValueAsTextOrNumber() async throws {
    #expect(try await rateTrail.run("RateTrailIntent", ["rating": .string("3")]) == .value(.enumCase("3")))
    #expect(try await rateTrail.run("RateTrailIntent", ["rating": .int(1)]) == .value(.enumCase("1")))
}

@Test func anIntRawValueEnumIsDescribedByItsRawValuesAsText() async throws {
    let schema = try #require(await rateTrail.describe().enums.first)
    #expect(schema.cases.map(\.rawValue) == ["1", "2", "3"])
    #expect(schema.cases.map(\.title) == ["★", "★★", "★★★"])
}

@Test func anIntRawValueThatIsNoCaseIsRefusedListingTheCases() async throws {
    let error = await spotlightError { _ = try await rateTrail.run("RateTrailIntent", ["rating": .int(7)]) }
    #expect(error?.code == .invalidInput)
    #expect(error?.message.contains(#""7" is not a raw value of StarRating; valid: "1", "2", "3""#) == true,
            "\(String(describing: error))")
}
