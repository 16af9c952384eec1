import Foundation
import IntentKit
import SpotlightProtocol
import Testing

// Apple's When / Switch / Case / DefaultCase in a parameter summary: `describe` reports the
// branch that holds for an intent made with init() (defaults set, other parameters without a value).

enum DrawnShape: String, AppEnum {
    case circle, square, oval
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Shape"
    static let caseDisplayRepresentations: [DrawnShape: DisplayRepresentation] = [.circle: "Circle", .square: "Square", .oval: "Oval"]
}

/// Whether `filled` defaults to true: `DrawIntent<Filled>` or `DrawIntent<Outlined>`.
protocol FillDefault { static var filled: Bool { get } }
enum Filled: FillDefault { static let filled = true }
enum Outlined: FillDefault { static let filled = false }

struct DrawIntent<Fill: FillDefault>: AppIntent {
    @Parameter(title: "Shape") var shape: DrawnShape
    @Parameter(title: "Filled", default: Fill.filled) var filled: Bool

    static var parameterSummary: some ParameterSummary {
        When(\.$filled, .equalTo, true) { Summary("Draw a filled \(\.$shape)") } otherwise: { Summary("Draw a \(\.$shape)") }
    }

    func perform() async throws -> some IntentResult { .result() }
}

struct DrawNamedShapeIntent: AppIntent {
    @Parameter(title: "Shape") var shape: DrawnShape
    @Parameter(title: "Label") var label: String?
    @Parameter(title: "Size", default: 12) var size: Int

    static var parameterSummary: some ParameterSummary {
        Switch(\.$shape) {
            Case(.circle) { Summary("Draw a circle") }
            Case([.square, .oval]) { Summary("Draw a square or oval") }
            DefaultCase {
                When(\.$label, .hasAnyValue) { Summary("Draw a \(\.$shape) labelled \(\.$label)") } otherwise: {
                    When(\.$size, .greaterThan, 10) { Summary("Draw a big \(\.$shape)") } otherwise: { Summary("Draw a \(\.$shape)") }
                }
            }
        }
    }

    func perform() async throws -> some IntentResult { .result() }
}

struct DrawCircleByDefaultIntent: AppIntent {
    @Parameter(title: "Shape", default: .oval) var shape: DrawnShape?
    @Parameter(title: "Label", default: "#1") var label: String

    static var parameterSummary: some ParameterSummary {
        Switch(\.$shape) {
            Case(.circle) { Summary("Draw a circle") }
            Case(.oval) {
                When(\.$label, .hasPrefix, "#") { Summary("Draw numbered oval \(\.$label)") } otherwise: { Summary("Draw an oval") }
            }
            DefaultCase { Summary("Draw a \(\.$shape)") }
        }
    }

    func perform() async throws -> some IntentResult { .result() }
}

struct DrawSomeIntent: AppIntent {
    @Parameter(title: "Count") var count: Int?

    static var parameterSummary: some ParameterSummary {
        When(\.$count, .lessThan, 10) { Summary("Draw a few") } otherwise: { Summary("Draw \(\.$count)") }
    }

    func perform() async throws -> some IntentResult { .result() }
}

private func summary(of intent: any AppIntent.Type) async -> String? {
    await AppServiceDispatcher(bundleIdentifier: testBundle, intents: [intent]).describe().intents.first?.parameterSummary
}

@Test func aWhenWhoseConditionFailsForTheDefaultsIsDescribedByItsOtherwiseSummary() async {
    #expect(await summary(of: DrawIntent<Outlined>.self) == "Draw a ${shape}")
}

@Test func aWhenWhoseConditionHoldsForTheDefaultsIsDescribedByItsWhenSummary() async {
    #expect(await summary(of: DrawIntent<Filled>.self) == "Draw a filled ${shape}")
}

@Test func aSwitchOnAParameterWithoutAValueIsDescribedByItsDefaultCase() async {
    #expect(await summary(of: DrawNamedShapeIntent.self) == "Draw a big ${shape}")
}

@Test func aSwitchIsDescribedByTheCaseMatchingTheParametersDefault() async {
    #expect(await summary(of: DrawCircleByDefaultIntent.self) == "Draw numbered oval ${label}")
}

@Test func aComparisonOnAParameterWithoutAValueDoesNotHold() async {
    #expect(await summary(of: DrawSomeIntent.self) == "Draw ${count}")
}
