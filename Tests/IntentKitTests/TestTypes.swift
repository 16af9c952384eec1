import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol

// The test target's own app: a to-do list. Different in shape from the fixture app on purpose.

enum Priority: String, AppEnum {
    case low, high
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Priority"
    static let caseDisplayRepresentations: [Priority: DisplayRepresentation] = [.low: "Low", .high: "High"]
}

/// A project: its query has no string or enumerable capability.
struct ProjectEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Project"
    static let defaultQuery = ProjectQuery()
    let id: Int
    @Property(title: "Name") var name: String
    init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
    var displayRepresentation: DisplayRepresentation { "\(name)" }
    static var all: [ProjectEntity] { [ProjectEntity(id: 7, name: "Garden")] }
}

struct ProjectQuery: EntityQuery {
    func entities(for identifiers: [Int]) async throws -> [ProjectEntity] {
        ProjectEntity.all.filter { identifiers.contains($0.id) }
    }
}

struct TaskEntity: IndexedEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Task"
    static let defaultQuery = TaskQuery()
    let id: String
    @Property(title: "Title") var title: String
    @Property(title: "Priority") var priority: Priority
    @Property(title: "Due") var due: Date?
    @Property(title: "Project") var project: ProjectEntity?
    @Property(title: "Tags") var tags: [String]

    init(id: String, title: String, priority: Priority, due: Date? = nil, project: ProjectEntity? = nil, tags: [String] = []) {
        self.id = id
        self.title = title
        self.priority = priority
        self.due = due
        self.project = project
        self.tags = tags
    }

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: title, subtitle: priority.rawValue, synonyms: ["todo \(id)"])
    }
    var indexedKeywords: [String] { tags }

    static let dueDate = Date(timeIntervalSince1970: 1_780_000_000)
    static var all: [TaskEntity] {
        [TaskEntity(id: "milk", title: "Buy milk", priority: .low, tags: ["shop"]),
         TaskEntity(id: "roses", title: "Prune roses", priority: .high, due: dueDate, project: ProjectEntity.all[0]),
         TaskEntity(id: "tax", title: "File taxes", priority: .high)]
    }
}

struct TaskQuery: EntityStringQuery, EnumerableEntityQuery {
    func entities(for identifiers: [String]) async throws -> [TaskEntity] {
        TaskEntity.all.filter { identifiers.contains($0.id) }
    }
    func suggestedEntities() async throws -> [TaskEntity] { [TaskEntity.all[1]] }
    func entities(matching string: String) async throws -> [TaskEntity] {
        TaskEntity.all.filter { $0.title.localizedCaseInsensitiveContains(string) }
    }
    func allEntities() async throws -> [TaskEntity] { TaskEntity.all }
}

/// Returns its one parameter; registered once per value type (`Echo<Int>`, `Echo<[Int]>`, ...).
struct Echo<Value: IntentValue>: AppIntent {
    @Parameter(title: "Value") var value: Value
    func perform() async throws -> some IntentResult & ReturnsValue<Value> { .result(value: value) }
}

/// Multiplies; `factor` has a default.
struct ScaleIntent: AppIntent {
    static let title = "Scale"
    static let description = "Multiplies a number."
    @Parameter(title: "Number") var number: Int
    @Parameter(title: "Factor", default: 3) var factor: Int
    @Parameter(title: "Label") var label: String?
    func perform() async throws -> some IntentResult & ReturnsValue<Int> { .result(value: number * factor) }
}

struct OutOfMilk: Error, CustomStringConvertible {
    var description: String { "the fridge is out of milk" }
}

struct FailingIntent: AppIntent {
    func perform() async throws -> EmptyIntentResult { throw OutOfMilk() }
}

struct ResetTasksIntent: AppIntent {
    static let isDiscoverable = false
    func perform() async throws -> some IntentResult { .result() }
}

let testBundle = "com.example.IntentKitTests"

/// A dispatcher over the test app; each test gets its own screen.
func makeDispatcher(screen: AppScreen = AppScreen(), reindexing: Reindexing = .notWired) -> AppServiceDispatcher {
    AppServiceDispatcher(
        bundleIdentifier: testBundle,
        intents: [Echo<String>.self, Echo<Int>.self, Echo<Double>.self, Echo<Bool>.self, Echo<Date>.self,
                  Echo<URL>.self, Echo<Priority>.self, Echo<TaskEntity>.self, Echo<ProjectEntity>.self,
                  Echo<String?>.self, Echo<[Int]>.self, Echo<[TaskEntity]>.self,
                  ScaleIntent.self, FailingIntent.self, ResetTasksIntent.self],
        entities: [TaskEntity.self, ProjectEntity.self], enums: [Priority.self],
        screen: screen, reindexing: reindexing)
}

extension AppServiceDispatcher {
    /// Runs an intent and returns its value.
    func run(_ intent: String, _ arguments: [String: PropertyValue] = [:]) async throws -> IntentResultValue {
        try await runIntent(RunIntentParams(intent: intent, arguments: arguments)).value
    }
}

/// The error a throwing call threw, as a SpotlightError.
func spotlightError(_ body: () async throws -> Void) async -> SpotlightError? {
    do {
        try await body()
        return nil
    } catch {
        return error as? SpotlightError
    }
}
