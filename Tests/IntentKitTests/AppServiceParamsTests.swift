import Foundation
import SpotlightModel
import SpotlightProtocol
import SpotlightSupervision
import Testing

// The fixture app's methods refuse a member of their params they do not take, as spotlightd's do.

/// The message of the `SpotlightError` the app answers `method` with, given `params`.
private func refusal(_ method: String, _ params: JSONValue) async throws -> SpotlightError? {
    let launcher = try fixtureLauncher()
    defer { finish(launcher) }
    do {
        let _: JSONValue = try await launcher.call(method, params)
        return nil
    } catch let error as SpotlightError {
        return error
    }
}

@Test func describeRefusesAMisspeltMember() async throws {
    let error = try await refusal("describe", .object(["includeHiden": .bool(true)]))
    #expect(error?.code == .invalidInput)
    #expect(error?.message == "invalid params of describe: params.includeHiden: unknown member; describe takes "
        + "includeHidden; see docs/app-service.md")
}

@Test func screenRefusesAnyMember() async throws {
    let error = try await refusal("screen", .object(["lines": .int(3)]))
    #expect(error?.message == "invalid params of screen: params.lines: unknown member; screen takes no params; "
        + "see docs/app-service.md")
}

@Test func openEntityRefusesAMemberBesideTypeAndId() async throws {
    let error = try await refusal("openEntity", .object(["type": .string("ItemEntity"), "id": .string("apple"),
                                                         "select": .bool(true)]))
    #expect(error?.message == "invalid params of openEntity: params.select: unknown member; openEntity takes type, id; "
        + "see docs/app-service.md")
}

@Test func aPropertyComparisonRefusesAMisspeltMember() async throws {
    let comparison: JSONValue = .object(["property": .string("name"), "comparator": .string("contains"),
                                         "valeu": .object(["string": .string("a")])])
    let error = try await refusal("entitiesMatchingProperties", .object(["type": .string("ItemEntity"),
                                                                         "comparisons": .array([comparison])]))
    #expect(error?.message.contains("params.comparisons[0].valeu: unknown member; a comparison takes property, "
        + "comparator, value, upperBound") == true, "\(error?.message ?? "no error")")
}

@Test func aPropertySortRefusesAMisspeltMember() async throws {
    let sort: JSONValue = .object(["property": .string("name"), "oder": .string("descending")])
    let error = try await refusal("entitiesMatchingProperties", .object(["type": .string("ItemEntity"),
                                                                         "sortedBy": .array([sort])]))
    #expect(error?.message.contains("params.sortedBy[0].oder: unknown member; a sort takes property, order") == true,
            "\(error?.message ?? "no error")")
}
