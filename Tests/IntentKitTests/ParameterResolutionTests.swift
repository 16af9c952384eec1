import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import SpotlightWire
import Testing

/// One accepted argument: the intent, the wire value, and what the intent returns.
struct Accepted: Sendable, CustomTestStringConvertible {
    var intent: String
    var given: PropertyValue
    var expected: IntentResultValue
    var testDescription: String { "\(intent) from \(given)" }
}

let may1 = Date(timeIntervalSince1970: 1_777_593_600)  // 2026-05-01T00:00:00Z

let accepted: [Accepted] = [
    Accepted(intent: "Echo<String>", given: .string("hi"), expected: .value(.string("hi"))),
    Accepted(intent: "Echo<Int>", given: .int(-4), expected: .value(.int(-4))),
    Accepted(intent: "Echo<Int>", given: .double(8), expected: .value(.int(8))),
    Accepted(intent: "Echo<Int>", given: .string("12"), expected: .value(.int(12))),
    Accepted(intent: "Echo<Double>", given: .double(2.5), expected: .value(.double(2.5))),
    Accepted(intent: "Echo<Double>", given: .int(2), expected: .value(.double(2))),
    Accepted(intent: "Echo<Double>", given: .string("1e3"), expected: .value(.double(1000))),
    Accepted(intent: "Echo<Bool>", given: .bool(true), expected: .value(.bool(true))),
    Accepted(intent: "Echo<Bool>", given: .string("false"), expected: .value(.bool(false))),
    Accepted(intent: "Echo<Date>", given: .date(may1), expected: .value(.date(may1))),
    Accepted(intent: "Echo<Date>", given: .string("2026-05-01T00:00:00Z"), expected: .value(.date(may1))),
    Accepted(intent: "Echo<Date>", given: .string("2026-05-01"), expected: .value(.date(may1))),
    Accepted(intent: "Echo<URL>", given: .string("https://example.com/a"),
             expected: .value(.url(URL(string: "https://example.com/a")!))),
    Accepted(intent: "Echo<URL>", given: .url(URL(string: "file:///tmp")!), expected: .value(.url(URL(string: "file:///tmp")!))),
    Accepted(intent: "Echo<Priority>", given: .string("high"), expected: .value(.enumCase("high"))),
    Accepted(intent: "Echo<Priority>", given: .enumCase("low"), expected: .value(.enumCase("low"))),
    Accepted(intent: "Echo<Optional<String>>", given: .string("note"), expected: .value(.string("note"))),
    Accepted(intent: "Echo<Array<Int>>", given: .array([.int(1), .string("2")]),
             expected: .array([.value(.int(1)), .value(.int(2))])),
]

@Test(arguments: accepted)
func argumentConvertsToItsParameterType(_ example: Accepted) async throws {
    let value = try await makeDispatcher().run(example.intent, ["value": example.given])
    #expect(value == example.expected)
}

@Test func entityParameterResolvesFromAReferenceThroughEntitiesFor() async throws {
    let value = try await makeDispatcher().run("Echo<TaskEntity>", ["value": .entity(EntityReference(type: "TaskEntity", id: "tax"))])
    guard case .entity(let record) = value else { Issue.record("not an entity: \(value)"); return }
    #expect(record.id == "tax")
    #expect(record.title == "File taxes")
}

@Test func entityParameterResolvesFromAStringToTheFirstMatch() async throws {
    let value = try await makeDispatcher().run("Echo<TaskEntity>", ["value": .string("ROSES")])
    guard case .entity(let record) = value else { Issue.record("not an entity: \(value)"); return }
    #expect(record.id == "roses")
}

@Test func entityArrayResolvesElementWise() async throws {
    let value = try await makeDispatcher().run("Echo<Array<TaskEntity>>",
        ["value": .array([.string("milk"), .entity(EntityReference(type: "TaskEntity", id: "tax"))])])
    guard case .array(let elements) = value else { Issue.record("not an array: \(value)"); return }
    let ids = elements.compactMap { element -> String? in
        if case .entity(let record) = element { return record.id }
        return nil
    }
    #expect(ids == ["milk", "tax"])
}

@Test func absentOptionalParameterIsNil() async throws {
    #expect(try await makeDispatcher().run("Echo<Optional<String>>") == .none)
}

@Test func absentParameterTakesItsDefault() async throws {
    #expect(try await makeDispatcher().run("ScaleIntent", ["number": .int(5)]) == .value(.int(15)))
}

@Test func givenParameterOverridesItsDefault() async throws {
    #expect(try await makeDispatcher().run("ScaleIntent", ["number": .int(5), "factor": .int(2)]) == .value(.int(10)))
}

/// One rejected argument and words the error must contain.
struct Rejected: Sendable, CustomTestStringConvertible {
    var intent: String
    var given: PropertyValue
    var code: SpotlightError.Code
    var reason: String
    var testDescription: String { "\(intent) rejects \(given)" }
}

let rejected: [Rejected] = [
    Rejected(intent: "Echo<String>", given: .int(3), code: .invalidInput, reason: "expected a string, got an int"),
    Rejected(intent: "Echo<Int>", given: .string("twelve"), code: .invalidInput, reason: "is not a decimal integer"),
    Rejected(intent: "Echo<Int>", given: .double(2.5), code: .invalidInput, reason: "is not a whole number"),
    Rejected(intent: "Echo<Double>", given: .string("abc"), code: .invalidInput, reason: "is not a finite decimal number"),
    Rejected(intent: "Echo<Bool>", given: .string("yes"), code: .invalidInput, reason: "is not \"true\" or \"false\""),
    Rejected(intent: "Echo<Date>", given: .string("tomorrow"), code: .invalidInput, reason: "is not an ISO 8601 date"),
    Rejected(intent: "Echo<URL>", given: .string("not a url"), code: .invalidInput, reason: "is not an absolute URL"),
    Rejected(intent: "Echo<Priority>", given: .string("urgent"), code: .invalidInput,
             reason: "is not a raw value of Priority; valid: \"low\", \"high\""),
    Rejected(intent: "Echo<TaskEntity>", given: .string("zebra"), code: .notFound,
             reason: "no TaskEntity matched \"zebra\""),
    Rejected(intent: "Echo<TaskEntity>", given: .entity(EntityReference(type: "TaskEntity", id: "gone")), code: .notFound,
             reason: "no TaskEntity has identifier \"gone\""),
    Rejected(intent: "Echo<TaskEntity>", given: .entity(EntityReference(type: "ProjectEntity", id: "7")),
             code: .invalidInput, reason: "it refers to a ProjectEntity, not a TaskEntity"),
    Rejected(intent: "Echo<ProjectEntity>", given: .string("Garden"), code: .invalidInput,
             reason: "ProjectEntity's query is not an EntityStringQuery"),
    Rejected(intent: "Echo<Array<Int>>", given: .int(1), code: .invalidInput, reason: "expected an array of int"),
    Rejected(intent: "Echo<Array<Int>>", given: .array([.int(1), .string("x")]), code: .invalidInput,
             reason: "element 1 (\"x\"): \"x\" is not a decimal integer"),
]

@Test(arguments: rejected)
func unconvertibleArgumentNamesIntentParameterValueAndReason(_ example: Rejected) async throws {
    let error = await spotlightError { _ = try await makeDispatcher().run(example.intent, ["value": example.given]) }
    let message = try #require(error).message
    #expect(error?.code == example.code)
    #expect(message.hasPrefix("\(example.intent), parameter 'value': "))
    #expect(message.contains(example.reason), "\(message)")
}
