import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// An app written the way Apple's App Intents reference pages write one: a nested query type,
// TypeDisplayRepresentation(name:numericFormat:), an IntentDialog with interpolation, a computed
// parameterSummary, and an App Shortcuts provider with a grape tile.

enum MemoShape: String, AppEnum {
    case circle, square
    static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Shape", numericFormat: "\(placeholder: .int) shapes")
    static let caseDisplayRepresentations: [MemoShape: DisplayRepresentation] = [
        .circle: DisplayRepresentation(title: "Circle", subtitle: "Round", image: .init(systemName: "circle")),
        .square: "Square",
    ]
}

struct MemoNoteEntity: AppEntity, Identifiable {
    static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Note")
    static let defaultQuery = Query()
    struct Query: EntityStringQuery {
        func entities(for identifiers: [MemoNoteEntity.ID]) async throws -> [MemoNoteEntity] { [] }
        func entities(matching string: String) async throws -> [MemoNoteEntity] { [] }
        func suggestedEntities() async throws -> [MemoNoteEntity] { [] }
        func defaultResult() async -> MemoNoteEntity? { nil }
    }
    var id: UUID
    @Property(title: "Body") var body: String
    @Property(title: "Shape") var shape: MemoShape
    @Property(title: "Created") var created: Date
    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(body)", subtitle: "Created \(created.formatted())")
    }
}

struct MemoAddNoteIntent: AppIntent {
    static let title: LocalizedStringResource = "Add Note"
    static let description = IntentDescription("Adds a note.", categoryName: "Notes", searchKeywords: ["memo"])
    static let openAppWhenRun: Bool = false
    static var parameterSummary: some ParameterSummary {
        Summary("Add \(\.$body) as \(\.$shape)")
    }
    @Parameter(title: "Body", inputOptions: .init(multiline: true)) var body: String
    @Parameter(title: "Shape", default: .circle) var shape: MemoShape
    @Parameter(title: "Count", default: 1, controlStyle: .stepper, inclusiveRange: (1, 9)) var count: Int

    @MainActor
    func perform() async throws -> some IntentResult & ReturnsValue<MemoNoteEntity> & ProvidesDialog {
        let note = MemoNoteEntity(id: UUID(), body: body, shape: shape, created: .now)
        return .result(value: note, dialog: IntentDialog("Added \(body), \(count) times"))
    }
}

extension MemoNoteEntity {
    init(id: UUID, body: String, shape: MemoShape, created: Date) {
        self.id = id
        self.body = body
        self.shape = shape
        self.created = created
    }
}

struct MemoShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: MemoAddNoteIntent(), phrases: [
            "Add a note in \(.applicationName)",
            "Add a \(\.$shape) note with \(.applicationName)",
        ], shortTitle: "Add Note", systemImageName: "note.text")
    }
    static let shortcutTileColor: ShortcutTileColor = .grape
}

private let memos = AppServiceDispatcher(bundleIdentifier: testBundle, applicationName: "Memos",
                                         intents: [MemoAddNoteIntent.self], entities: [MemoNoteEntity.self],
                                         shortcuts: MemoShortcuts.self)

@Test func anIntentInApplesReferenceShapeRunsAndSaysItsDialog() async throws {
    let result = try await memos.runIntent(RunIntentParams(intent: "MemoAddNoteIntent",
                                                           arguments: ["body": .string("Buy figs"), "count": .int(2)]))
    #expect(result.dialog == "Added Buy figs, 2 times")
    guard case .entity(let note) = result.value else { Issue.record("not an entity: \(result.value)"); return }
    #expect(note.properties["shape"] == .enumCase("circle"))
}

@Test func aShortcutsProviderWithAGrapeTileKeepsItsColorAndPhrases() async throws {
    MemoShortcuts.updateAppShortcutParameters()
    #expect(MemoShortcuts.shortcutTileColor == .grape)
    let shortcut = try #require(await memos.describe().shortcuts?.first)
    #expect(shortcut.phrases == ["Add a note in Memos", "Add a ${shape} note with Memos"])
}
