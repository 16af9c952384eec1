import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// Intents as Xcode's conversion of SiriKit custom intents writes them, and as apps published
// with App Intents declare their predictions.

enum ExportKind: String, AppEnum {
    case opml, markdown
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Export Type"
    static let caseDisplayRepresentations: [ExportKind: DisplayRepresentation] = [.opml: "OPML", .markdown: "Markdown"]
}

struct ExportOutlineIntent: AppIntent, CustomIntentMigratedAppIntent, PredictableIntent {
    static let intentClassName = "ExportIntent"
    static let title: LocalizedStringResource = "Export"
    static let description = IntentDescription("Export the outline in various formats.")

    @Parameter(title: "Outline") var outline: String
    @Parameter(title: "Export Type") var exportType: ExportKind
    @Parameter(title: "Pages", default: 1) var pages: Int

    static var parameterSummary: some ParameterSummary {
        Summary("Export the \(\.$outline) as \(\.$exportType)")
    }

    static var predictionConfiguration: some IntentPredictionConfiguration {
        IntentPrediction(parameters: (\.$outline, \.$exportType, \.$pages)) { outline, exportType, pages in
            DisplayRepresentation(title: "Export the \(outline) as \(exportType.rawValue)", subtitle: "\(pages) pages")
        }
    }

    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        .result(value: "\(outline).\(exportType.rawValue)")
    }
}

struct AddDatapointIntent: AppIntent {
    static let title: LocalizedStringResource = "Add Datapoint"
    func perform() async throws -> some IntentResult { .result() }
}

struct AddDataIntent: AppIntent, DeprecatedAppIntent, CustomIntentMigratedAppIntent, PredictableIntent {
    static let intentClassName = "AddDataIntentLegacy"
    static let title: LocalizedStringResource = "Add Data"
    static var deprecation: IntentDeprecation<AddDatapointIntent> {
        IntentDeprecation(message: "Use Add Datapoint instead.", replacedBy: AddDatapointIntent.self)
    }

    @Parameter(title: "Value", default: 1) var value: Double?
    @Parameter(title: "Goal (slug)") var goal: String?

    static var predictionConfiguration: some IntentPredictionConfiguration {
        IntentPrediction(parameters: (\.$value, \.$goal)) { value, goal in
            DisplayRepresentation(title: "Add datapoint \(value!) to \(goal!)", subtitle: "")
        }
        IntentPrediction(parameters: \.$value) { value in
            DisplayRepresentation(title: "Add \(value!)")
        }
    }

    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: goal ?? "none") }
}

struct RefreshAllIntent: AppIntent, DeprecatedAppIntent, PredictableIntent {
    static let title: LocalizedStringResource = "Refresh All"
    static var deprecation: IntentDeprecation<Never> { IntentDeprecation(message: "Refreshing happens by itself now.") }

    static var predictionConfiguration: some IntentPredictionConfiguration {
        IntentPrediction() {
            DisplayRepresentation(title: "Refresh All Apps", subtitle: "")
        }
    }

    func perform() async throws -> some IntentResult { .result() }
}

func makeMigratedDispatcher() -> AppServiceDispatcher {
    AppServiceDispatcher(bundleIdentifier: testBundle,
                         intents: [ExportOutlineIntent.self, AddDataIntent.self, AddDatapointIntent.self, RefreshAllIntent.self])
}

@Test func describeListsEachPredictionsParameters() async throws {
    let intents = await makeMigratedDispatcher().describe().intents
    #expect(intents.first { $0.name == "ExportOutlineIntent" }?.predictions == [["outline", "exportType", "pages"]])
    #expect(intents.first { $0.name == "AddDataIntent" }?.predictions == [["value", "goal"], ["value"]])
    #expect(intents.first { $0.name == "RefreshAllIntent" }?.predictions == [[]])
    #expect(intents.first { $0.name == "AddDatapointIntent" }?.predictions == nil)
}

@Test func aPredictionRendersFromTheParametersValues() {
    let intent = ExportOutlineIntent()
    intent.outline = "Plans"
    intent.exportType = .markdown
    let shown = intent.predictedDisplayRepresentations
    #expect(shown.map(\.title) == ["Export the Plans as markdown"])
    #expect(shown.first?.subtitle == "1 pages")
}

@Test func aPredictionWhoseParameterHasNoValueIsLeftOut() {
    #expect(ExportOutlineIntent().predictedDisplayRepresentations.isEmpty)
    let add = AddDataIntent()
    // `goal` is a nil optional: the two-parameter prediction (which unwraps it) is not made.
    #expect(add.predictedDisplayRepresentations.map(\.title) == ["Add 1.0"])
    add.goal = "weight"
    #expect(add.predictedDisplayRepresentations.map(\.title) == ["Add datapoint 1.0 to weight", "Add 1.0"])
}

@Test func aPredictionWithoutParametersAlwaysRenders() {
    #expect(RefreshAllIntent().predictedDisplayRepresentations.map(\.title) == ["Refresh All Apps"])
}

@Test func aMigratedIntentRunsByItsSiriKitClassName() async throws {
    let app = makeMigratedDispatcher()
    let arguments: [String: PropertyValue] = ["outline": .string("Plans"), "exportType": .string("opml")]
    #expect(try await app.run("ExportIntent", arguments) == .value(.string("Plans.opml")))
    #expect(try await app.run("ExportOutlineIntent", arguments) == .value(.string("Plans.opml")))
    #expect(await makeMigratedDispatcher().describe().intents.first { $0.name == "ExportOutlineIntent" }?.intentClassName
        == "ExportIntent")
}

@Test func anUnknownIntentNameStillFailsListingTheIntents() async throws {
    let error = await spotlightError { _ = try await makeMigratedDispatcher().run("ExportIntents") }
    #expect(error?.code == .notFound)
    #expect(error?.message.contains("ExportOutlineIntent") == true)
}

@Test func describeListsADeprecationAndItsReplacement() async throws {
    let intents = await makeMigratedDispatcher().describe().intents
    #expect(intents.first { $0.name == "AddDataIntent" }?.deprecation
        == IntentDeprecationSchema(message: "Use Add Datapoint instead.", replacedBy: "AddDatapointIntent"))
    #expect(intents.first { $0.name == "RefreshAllIntent" }?.deprecation
        == IntentDeprecationSchema(message: "Refreshing happens by itself now.", replacedBy: nil))
    #expect(intents.first { $0.name == "ExportOutlineIntent" }?.deprecation == nil)
}

@Test func aDeprecatedIntentStillRuns() async throws {
    #expect(try await makeMigratedDispatcher().run("AddDataIntent", ["goal": .string("weight")]) == .value(.string("weight")))
}

struct CompleteTaskIntent: AppIntent, PredictableIntent {
    static let title: LocalizedStringResource = "Complete Task"
    @Parameter(title: "Task") var task: TaskEntity

    static var predictionConfiguration: some IntentPredictionConfiguration {
        IntentPrediction(parameters: \.$task) { task in
            DisplayRepresentation(title: "Complete \(task.title)")
        }
    }

    func perform() async throws -> some IntentResult { .result() }
}

@Test func aPredictionTakesAnEntityParameter() {
    let intent = CompleteTaskIntent()
    #expect(intent.predictedDisplayRepresentations.isEmpty)
    intent.task = TaskEntity(id: "t1", title: "Water the plants", priority: .high)
    #expect(intent.predictedDisplayRepresentations.map(\.title) == ["Complete Water the plants"])
}
