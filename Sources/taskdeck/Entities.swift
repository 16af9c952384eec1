import Foundation
import IntentKit

enum TaskPriority: String, Codable, AppEnum {
    case low, medium, high

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Priority"
    static let caseDisplayRepresentations: [TaskPriority: DisplayRepresentation] = [
        .low: "Low", .medium: "Medium", .high: "High",
    ]
}

struct ProjectEntity: IndexedEntity {
    static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Project")
    static let defaultQuery = ProjectQuery()

    let id: String
    @Property(title: "Name") var name: String
    @Property(title: "Open Tasks") var openTaskCount: Int

    init(_ project: StoredProject) {
        id = project.id
        name = project.name
        openTaskCount = TaskStore.shared.tasks.filter { $0.projectID == project.id && !$0.isDone }.count
    }

    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }
}

struct TaskEntity: IndexedEntity {
    static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Task")
    static let defaultQuery = TaskQuery()

    let id: String
    @Property(title: "Title") var title: String
    @Property(title: "Notes", indexingKey: \.contentDescription) var notes: String?
    @Property(title: "Done") var isDone: Bool
    @Property(title: "Priority") var priority: TaskPriority
    @Property(title: "Due Date") var dueDate: Date?
    @Property(title: "Project") var project: ProjectEntity
    @Property(title: "Tags") var tags: [String]

    init(_ task: StoredTask) {
        id = task.id
        title = task.title
        notes = task.notes
        isDone = task.isDone
        priority = task.priority
        dueDate = task.dueDate
        project = ProjectEntity(TaskStore.shared.project(id: task.projectID)
            ?? StoredProject(id: task.projectID, name: "(no project)"))
        tags = task.tags
    }

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(title)", subtitle: "\(project.name)")
    }

    var indexedKeywords: [String] { tags + [project.name] }
}
