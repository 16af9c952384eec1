import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import SpotlightWire
import Testing

@Test func unknownIntentListsTheDiscoverableIntentsThatExist() async throws {
    let error = await spotlightError { _ = try await makeDispatcher().run("CreateTaskIntent") }
    #expect(error?.code == .notFound)
    #expect(error?.message.contains("has no intent \"CreateTaskIntent\"") == true)
    #expect(error?.message.contains("ScaleIntent") == true)
}

@Test func unknownIntentDoesNotSuggestHiddenIntents() async throws {
    let error = await spotlightError { _ = try await makeDispatcher().run("CreateTaskIntent") }
    #expect(error?.message.contains("ResetTasksIntent") == false)
}

@Test func unknownParameterListsTheParametersThatExist() async throws {
    let error = await spotlightError { _ = try await makeDispatcher().run("ScaleIntent", ["number": .int(1), "size": .int(2)]) }
    #expect(error?.code == .invalidInput)
    #expect(error?.message == "ScaleIntent has no parameter 'size'; its parameters are number, factor, label")
}

@Test func missingRequiredParameterIsNamed() async throws {
    let error = await spotlightError { _ = try await makeDispatcher().run("ScaleIntent", ["factor": .int(2)]) }
    #expect(error?.code == .invalidInput)
    #expect(error?.message == "ScaleIntent, parameter 'number' (int) is required and was not given")
}

@Test func errorThrownByPerformReachesTheCallerWithItsMessage() async throws {
    let error = await spotlightError { _ = try await makeDispatcher().run("FailingIntent") }
    #expect(error?.code == .intentFailed)
    #expect(error?.message == "FailingIntent.perform() threw: the fridge is out of milk")
}

@Test func hiddenIntentRunsAlthoughDescribeLeavesItOut() async throws {
    #expect(try await makeDispatcher().run("ResetTasksIntent") == .none)
}

@Test func describeLeavesOutHiddenIntents() async throws {
    let schema = await makeDispatcher().describe()
    #expect(schema.intents.contains { $0.name == "ScaleIntent" })
    #expect(!schema.intents.contains { $0.name == "ResetTasksIntent" })
}

@Test func describeWithIncludeHiddenListsHiddenIntents() async throws {
    let schema = await makeDispatcher().describe(DescribeParams(includeHidden: true))
    let hidden = try #require(schema.intents.first { $0.name == "ResetTasksIntent" })
    #expect(hidden.isDiscoverable == false)
}

@Test func describeReportsParametersInDeclarationOrder() async throws {
    let schema = await makeDispatcher().describe()
    let scale = try #require(schema.intents.first { $0.name == "ScaleIntent" })
    #expect(scale.title == "Scale")
    #expect(scale.description == "Multiplies a number.")
    #expect(scale.returns == .int)
    #expect(scale.parameters == [
        ParameterSchema(name: "number", title: "Number", description: nil, type: .int, isOptional: false, defaultValue: nil),
        ParameterSchema(name: "factor", title: "Factor", description: nil, type: .int, isOptional: false, defaultValue: .int(3)),
        ParameterSchema(name: "label", title: "Label", description: nil, type: .string, isOptional: true, defaultValue: nil),
    ])
}

@Test func describeReportsEntityPropertiesQueriesAndEnums() async throws {
    let schema = await makeDispatcher().describe()
    let task = try #require(schema.entities.first { $0.name == "TaskEntity" })
    #expect(task.properties.map(\.name) == ["title", "priority", "due", "project", "tags"])
    #expect(task.properties.map(\.type) == [.string, .appEnum("Priority"), .date, .entity("ProjectEntity"), .array(.string)])
    #expect(task.queries == ["entitiesFor", "suggestedEntities", "entitiesMatching", "allEntities"])
    #expect(task.isIndexed)
    let project = try #require(schema.entities.first { $0.name == "ProjectEntity" })
    #expect(project.queries == ["entitiesFor", "suggestedEntities"])
    #expect(schema.enums == [EnumSchema(name: "Priority", title: "Priority", cases: [
        EnumCaseSchema(rawValue: "low", title: "Low", subtitle: nil),
        EnumCaseSchema(rawValue: "high", title: "High", subtitle: nil),
    ])])
}

@Test func handleDecodesParamsAndEncodesTheResult() async throws {
    let params = try JSONValue(encoding: RunIntentParams(intent: "ScaleIntent", arguments: ["number": .string("4")]))
    let result = try await makeDispatcher().handle(method: "runIntent", params: params)
    #expect(try result.decode(RunIntentResult.self) == RunIntentResult(value: .value(.int(12))))
}

@Test func handleTreatsANullArgumentAsAbsent() async throws {
    let params: JSONValue = .object(["intent": .string("Echo<Optional<String>>"), "arguments": .object(["value": .null])])
    let result = try await makeDispatcher().handle(method: "runIntent", params: params)
    #expect(try result.decode(RunIntentResult.self).value == IntentResultValue.none)
}

@Test func handleRejectsAnUnknownMethodListingTheMethods() async throws {
    let error = await spotlightError { _ = try await makeDispatcher().handle(method: "launch", params: nil) }
    #expect(error?.code == .notFound)
    #expect(error?.message.hasPrefix("unknown method \"launch\"; available methods: allEntities, describe, entitiesFor") == true)
    #expect(error?.message.hasSuffix("; see docs/app-service.md") == true)
}

@Test func handleRejectsParamsThatDoNotDecode() async throws {
    let error = await spotlightError { _ = try await makeDispatcher().handle(method: "entitiesFor", params: .object([:])) }
    #expect(error?.code == .invalidInput)
    #expect(error?.message == "invalid params of entitiesFor: params.type: missing (required); see docs/app-service.md")
}

@Test func intentResultValueRoundTripsThroughJSON() throws {
    let record = Record(bundle: testBundle, type: "TaskEntity", id: "milk", title: "Buy milk")
    let value = IntentResultValue.array([.none, .value(.int(1)), .entity(record)])
    let data = try JSONEncoder().encode(value)
    #expect(String(decoding: data, as: UTF8.self).hasPrefix("{\"array\":[null,{\"value\":{\"int\":1}}"))
    #expect(try JSONDecoder().decode(IntentResultValue.self, from: data) == value)
}

@Test(arguments: ["string", "[int]", "enum:Priority", "entity:TaskEntity", "[[date]]"])
func valueTypeRoundTripsThroughItsDescription(_ text: String) throws {
    #expect(ValueType(description: text)?.description == text)
}
