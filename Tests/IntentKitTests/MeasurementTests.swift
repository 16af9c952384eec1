import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// Measurement parameters and properties, as Apple's trail sample declares them.

struct SuggestNearbyTrailsIntent: AppIntent {
    @Parameter(title: "Search Radius", description: "The distance to search for trails", default: 30,
               defaultUnit: .miles, supportsNegativeNumbers: false)
    var searchRadius: Measurement<UnitLength>?

    func perform() async throws -> some IntentResult & ReturnsValue<Double> {
        .result(value: (searchRadius?.converted(to: .kilometers).value ?? -1).rounded())
    }
}

struct MeasuredTrailEntity: IndexedEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Trail"
    static let defaultQuery = MeasuredTrailQuery()
    let id: String
    @Property var trailLength: Measurement<UnitLength>
    var displayRepresentation: DisplayRepresentation { "\(id)" }

    init(id: String, trailLength: Measurement<UnitLength>) {
        self.id = id
        self.trailLength = trailLength
    }
}

struct MeasuredTrailQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [MeasuredTrailEntity] { [] }
}

private let suggest = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [SuggestNearbyTrailsIntent.self])

@Test func aMeasurementDefaultIsANumberInItsDefaultUnit() async throws {
    #expect(try await suggest.run("SuggestNearbyTrailsIntent") == .value(.double(48)))
}

@Test func aNumberGivenForAMeasurementIsInTheBaseUnit() async throws {
    #expect(try await suggest.run("SuggestNearbyTrailsIntent", ["searchRadius": .double(2000)]) == .value(.double(2)))
}

@Test func aNegativeMeasurementIsRefusedWhereNegativesAreNotSupported() async throws {
    let error = await spotlightError { _ = try await suggest.run("SuggestNearbyTrailsIntent", ["searchRadius": .int(-5)]) }
    #expect(error?.code == .invalidInput)
    #expect(error?.message.contains("-5.0 m is negative, and the parameter does not support negative numbers") == true,
            "\(String(describing: error))")
}

@Test func aMeasurementPropertyIsDonatedInTheBaseUnit() {
    let trail = MeasuredTrailEntity(id: "ridge", trailLength: Measurement(value: 4.2, unit: .kilometers))
    #expect(trail.record(bundle: testBundle).properties["trailLength"] == .double(4200))
}
