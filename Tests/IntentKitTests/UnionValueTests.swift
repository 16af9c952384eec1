import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// App Intents' @UnionValue, as Apple's reference and forum answer write it: a parameter that
// takes a value of any of its cases' types.

@UnionValue
enum IntentDuration {
    case int(Int)
    case duration(Measurement<UnitDuration>)
}

enum Tapback: String, AppEnum {
    case love, like
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Tapback"
    static let caseDisplayRepresentations: [Tapback: DisplayRepresentation] = [.love: "Love", .like: "Like"]
}

@UnionValue
enum Reaction {
    case tapback(Tapback)
    case text(String)
}

extension Reaction {
    static var typeDisplayRepresentation: TypeDisplayRepresentation { "Reaction" }

    static let caseDisplayRepresentations: [Cases: DisplayRepresentation] = [
        .tapback: "Tapback",
        .text: "Text Reaction",
    ]
}

struct ReactIntent: AppIntent {
    static let title: LocalizedStringResource = "React"
    @Parameter var reaction: Reaction
    @Parameter var duration: IntentDuration?

    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        let said = switch reaction {
        case .tapback(let tapback): "tapback \(tapback.rawValue)"
        case .text(let text): "text \(text)"
        }
        let lasting = switch duration {
        case .int(let count)?: " for \(count)"
        case .duration(let measurement)?: " for \(measurement.converted(to: .minutes).value) min"
        case nil: ""
        }
        return .result(value: said + lasting)
    }
}

@Suite struct UnionValueTests {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [ReactIntent.self])

    @Test func aUnionParameterIsDescribedByItsCasesTypes() async throws {
        let intent = try #require(await app.describe().intents.first { $0.name == "ReactIntent" })
        #expect(intent.parameters.first { $0.name == "reaction" }?.type == .union([.appEnum("Tapback"), .string]))
        #expect(intent.parameters.first { $0.name == "duration" }?.type == .union([.int, .double]))
        #expect(intent.parameters.first { $0.name == "duration" }?.isOptional == true)
    }

    @Test func aValueBecomesTheCaseOfItsType() async throws {
        #expect(try await app.run("ReactIntent", ["reaction": .enumCase("love")]) == .value(.string("tapback love")))
        #expect(try await app.run("ReactIntent", ["reaction": .string("love")]) == .value(.string("text love")))
        #expect(try await app.run("ReactIntent", ["reaction": .string("hi"), "duration": .int(25)])
            == .value(.string("text hi for 25")))
        #expect(try await app.run("ReactIntent", ["reaction": .string("hi"), "duration": .double(90)])
            == .value(.string("text hi for 1.5 min")))
    }

    @Test func aValueOfNoCasesTypeConvertsToTheFirstCaseThatTakesIt() async throws {
        #expect(try await app.run("ReactIntent", ["reaction": .string("hi"), "duration": .string("30")])
            == .value(.string("text hi for 30")))
    }

    @Test func aValueNoCaseTakesIsRefusedNamingTheCases() async throws {
        let error = await spotlightError {
            _ = try await app.run("ReactIntent", ["reaction": .string("hi"), "duration": .string("soon")])
        }
        #expect(error?.message.contains("none of IntentDuration's cases") == true)
        #expect(error?.message.contains("int:") == true && error?.message.contains("duration:") == true)
    }

    @Test func theMacroWritesTheCasesEnum() {
        #expect(Reaction.Cases.allCases.map(\.rawValue) == ["tapback", "text"])
        #expect(Reaction.caseDisplayRepresentations[.text]?.title == "Text Reaction")
        #expect(Reaction.typeDisplayRepresentation.name == "Reaction")
        #expect(IntentDuration.typeDisplayRepresentation.name == "IntentDuration")
        #expect(Reaction.text("ok").propertyValue == .string("ok"))
    }

    @Test func aUnionsTypeReadsBackFromItsText() {
        #expect(ValueType(description: "enum:Tapback|string") == .union([.appEnum("Tapback"), .string]))
        #expect(ValueType(description: "[int]|string") == .union([.array(.int), .string]))
        #expect(ValueType.union([.int, .double]).description == "int|double")
        #expect(ValueType(description: "int|") == nil)
    }
}
