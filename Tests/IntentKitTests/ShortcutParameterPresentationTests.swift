import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// An App Shortcut with a parameter presentation, as Apple's App Intents sample app writes its
// `GetTrailInfo` shortcut (iOS 17).

struct GetTaskDetailsIntent: AppIntent {
    static let title: LocalizedStringResource = "Get Task Details"
    @Parameter(title: "Task") var task: TaskEntity
    @Parameter(title: "Priority") var priority: Priority?
    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: task.title) }
}

struct PriorityOptionsProvider: DynamicOptionsProvider {
    func results() async throws -> [Priority] { [.high, .low] }
}

final class TaskDetailShortcuts: AppShortcutsProvider {
    static let shortcutTileColor = ShortcutTileColor.navy

    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: GetTaskDetailsIntent(), phrases: [
            "Get \(\.$task) details with \(.applicationName)",
            "Get details for \(\.$task) with \(.applicationName)",
        ],
        shortTitle: "Get Details",
        systemImageName: "cloud.rainbow.half",
        parameterPresentation: ParameterPresentation(
            for: \.$task,
            summary: Summary("Get \(\.$task) details in \(.applicationName)"),
            optionsCollections: {
                OptionsCollection(TaskQuery(), title: "Favorite Tasks", systemImageName: "star")
                OptionsCollection(TaskQuery(), title: "All Tasks")
            }
        ))

        AppShortcut(intent: GetTaskDetailsIntent(), phrases: ["Tasks by priority in \(.applicationName)"],
                    shortTitle: "By Priority", systemImageName: "flag",
                    parameterPresentation: ParameterPresentation(
                        for: \.$priority, summary: Summary("Tasks of \(\.$priority) priority"),
                        optionsCollections: { OptionsCollection(PriorityOptionsProvider(), title: "Priorities") }))

        AppShortcut(intent: GetTaskDetailsIntent(), phrases: ["Task details in \(.applicationName)"],
                    shortTitle: "Details", systemImageName: "doc")
    }
}

func describedTaskDetailShortcuts() async -> [ShortcutSchema] {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, applicationName: "Deck",
                                   intents: [GetTaskDetailsIntent.self], entities: [TaskEntity.self],
                                   shortcuts: TaskDetailShortcuts.self)
    return await app.describe().shortcuts ?? []
}

@Test func describeReportsAShortcutsParameterPresentation() async {
    let shortcut = await describedTaskDetailShortcuts().first
    #expect(shortcut?.phrases == ["Get ${task} details with Deck", "Get details for ${task} with Deck"])
    #expect(shortcut?.parameterPresentation == ShortcutParameterPresentationSchema(
        parameter: "task", summary: "Get ${task} details in Deck",
        optionsCollections: [ShortcutOptionsCollectionSchema(title: "Favorite Tasks", systemImageName: "star"),
                             ShortcutOptionsCollectionSchema(title: "All Tasks", systemImageName: nil)]))
}

@Test func aPresentationTakesADynamicOptionsProviderForAnOptionalParameter() async {
    let shortcut = await describedTaskDetailShortcuts().dropFirst().first
    #expect(shortcut?.parameterPresentation?.parameter == "priority")
    #expect(shortcut?.parameterPresentation?.summary == "Tasks of ${priority} priority")
    #expect(shortcut?.parameterPresentation?.optionsCollections.map(\.title) == ["Priorities"])
}

@Test func aShortcutWithoutAPresentationReportsNone() async {
    #expect(await describedTaskDetailShortcuts().last?.parameterPresentation == nil)
}
