import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// Array parameters with Apple's `size:` (IntentCollectionSize): another number of values is refused.

struct PinTasksIntent: AppIntent {
    static let title: LocalizedStringResource = "Pin Tasks"
    @Parameter(title: "Tasks", size: 2) var tasks: [TaskEntity]
    @Parameter(title: "Labels", size: IntentCollectionSize(min: 1, max: 3)) var labels: [String]?

    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        .result(value: tasks.map(\.id).joined(separator: "+") + " " + (labels ?? []).joined(separator: ","))
    }
}

private let pins = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [PinTasksIntent.self])

private func tasks(_ ids: String...) -> PropertyValue {
    .array(ids.map { .entity(EntityReference(type: "TaskEntity", id: $0)) })
}

@Test func anArrayOfTheParametersSizeIsTaken() async throws {
    let value = try await pins.run("PinTasksIntent", ["tasks": tasks("milk", "tax"), "labels": .array([.string("home")])])
    #expect(value == .value(.string("milk+tax home")))
}

@Test func anArrayOfAnotherSizeIsRefusedSayingTheSize() async throws {
    let error = await spotlightError { _ = try await pins.run("PinTasksIntent", ["tasks": tasks("milk", "tax", "roses")]) }
    #expect(error?.code == .invalidInput)
    #expect(error?.message.hasSuffix("3 values given, and it takes exactly 2") == true, "\(error?.message ?? "")")
}

@Test func anOptionalArrayLeftOutIsNotChecked() async throws {
    #expect(try await pins.run("PinTasksIntent", ["tasks": tasks("milk", "tax")]) == .value(.string("milk+tax ")))
}

@Test func anArrayOverTheMostOfARangeIsRefused() async throws {
    let labels = PropertyValue.array(["a", "b", "c", "d"].map(PropertyValue.string))
    let error = await spotlightError { _ = try await pins.run("PinTasksIntent", ["tasks": tasks("milk", "tax"), "labels": labels]) }
    #expect(error?.message.hasSuffix("4 values given, and it takes 1 to 3") == true, "\(error?.message ?? "")")
}
