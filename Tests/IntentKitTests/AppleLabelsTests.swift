import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// Labels Apple's samples pass that only shape Apple's UI compile and keep the text that matters.

enum TrailActivity: String, AppEnum {
    case hiking, biking
    static let typeDisplayRepresentation = TypeDisplayRepresentation(
        name: LocalizedStringResource("Activity", table: "AppIntents"),
        numericFormat: LocalizedStringResource("\(placeholder: .int) activities", table: "AppIntents"))
    static let caseDisplayRepresentations: [TrailActivity: DisplayRepresentation] = [
        .hiking: DisplayRepresentation(title: "Hiking", image: .init(systemName: "figure.hiking", isTemplate: true)),
        .biking: DisplayRepresentation(title: "Biking", image: .init(named: "bike", isTemplate: false)),
    ]
}

struct DescribeTrailIntent: AppIntent {
    static let title: LocalizedStringResource = "Get Trail Information"
    static let description = IntentDescription("Provides complete details on a trail", categoryName: "Discover",
                                               searchKeywords: ["trail"], resultValueName: "Trail Information")
    @Parameter(title: "Activity") var activity: TrailActivity

    func perform() async throws -> some IntentResult & ProvidesDialog {
        .result(dialog: IntentDialog(full: "Here is the \(activity.rawValue) trail.", supporting: "Here it is.",
                                     systemImageName: "map"))
    }
}

@Test func aNumericFormatWithAPlaceholderInATableKeepsTheSpecifier() {
    #expect(TrailActivity.typeDisplayRepresentation.name == "Activity")
    #expect(TrailActivity.typeDisplayRepresentation.numericFormat == "%lld activities")
}

@Test func anIntentDescriptionWithAResultValueNameIsDescribedByItsText() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [DescribeTrailIntent.self])
    #expect(await app.describe().intents.first?.description == "Provides complete details on a trail")
}

@Test func aDialogWithASystemImageSaysItsFullText() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [DescribeTrailIntent.self])
    let result = try await app.runIntent(RunIntentParams(intent: "DescribeTrailIntent",
                                                         arguments: ["activity": .string("hiking")]))
    #expect(result.dialog == "Here is the hiking trail.")
}
