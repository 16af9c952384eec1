import Foundation
import IntentKit

struct CreateProjectIntent: AppIntent {
    static let title: LocalizedStringResource = "Create Project"
    static let description = IntentDescription("Creates a project to put tasks in.")

    @Parameter(title: "Name") var name: String

    func perform() async throws -> some IntentResult & ReturnsValue<ProjectEntity> {
        let new = StoredProject(id: UUID().uuidString, name: name)
        try TaskDeckSpotlight.checkDonatable(ProjectEntity(new))
        let project = try TaskStore.shared.update { projects, _ in
            if projects.contains(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
                throw TaskError.duplicateProject(name: name)
            }
            let project = new
            projects.append(project)
            return project
        }
        let entity = ProjectEntity(project)
        try await TaskDeckSpotlight.donate([entity])
        return .result(value: entity)
    }
}

struct CreateTaskIntent: AppIntent {
    static let title: LocalizedStringResource = "Create Task"
    static let description = IntentDescription("Adds a task to a project.", categoryName: "Tasks")

    @Parameter(title: "Title") var title: String
    @Parameter(title: "Project") var project: ProjectEntity
    @Parameter(title: "Priority", default: .medium) var priority: TaskPriority
    @Parameter(title: "Due Date") var dueDate: Date?
    @Parameter(title: "Notes") var notes: String?
    @Parameter(title: "Tags") var tags: [String]?

    static var parameterSummary: some ParameterSummary { Summary("Add \(\.$title) to \(\.$project)") }

    func perform() async throws -> some IntentResult & ReturnsValue<TaskEntity> & ProvidesDialog {
        let trimmed = title.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw TaskError.emptyTitle }
        let stored = StoredTask(id: UUID().uuidString, title: trimmed, notes: notes, isDone: false, priority: priority,
                                dueDate: dueDate, projectID: project.id, tags: tags ?? [])
        try TaskDeckSpotlight.checkDonatable(TaskEntity(stored))
        try TaskStore.shared.update { _, tasks in tasks.append(stored) }
        let task = TaskEntity(stored)
        if !TaskDeckSpotlight.skipsTaskDonation {
            try await TaskDeckSpotlight.donate([task])
        }
        TaskDeckScreen.showInbox()
        return .result(value: task, dialog: "Added \(task.title) to \(project.name)")
    }
}

struct MoveTaskIntent: AppIntent {
    static let title: LocalizedStringResource = "Move Task"

    @Parameter(title: "Task") var task: TaskEntity
    @Parameter(title: "Project") var project: ProjectEntity

    func perform() async throws -> some IntentResult & ReturnsValue<TaskEntity> {
        guard task.project.id != project.id else { throw TaskError.alreadyInProject(project: project.name) }
        let moved = try TaskStore.shared.update { _, tasks -> StoredTask in
            guard let index = tasks.firstIndex(where: { $0.id == task.id }) else {
                throw TaskError.taskDeleted(title: task.title)
            }
            tasks[index].projectID = project.id
            return tasks[index]
        }
        let entity = TaskEntity(moved)
        try await TaskDeckSpotlight.donate([entity])
        TaskDeckScreen.showInbox()
        return .result(value: entity)
    }
}

struct CompleteTaskIntent: AppIntent {
    static let title: LocalizedStringResource = "Complete Task"

    @Parameter(title: "Task") var task: TaskEntity

    func perform() async throws -> some IntentResult & ReturnsValue<TaskEntity> {
        let done = try TaskStore.shared.update { _, tasks -> StoredTask in
            guard let index = tasks.firstIndex(where: { $0.id == task.id }) else {
                throw TaskError.taskDeleted(title: task.title)   // donating it would bring it back
            }
            tasks[index].isDone = true
            return tasks[index]
        }
        let entity = TaskEntity(done)
        try await TaskDeckSpotlight.donate([entity])
        TaskDeckScreen.showInbox()
        return .result(value: entity)
    }
}

struct DeleteTaskIntent: AppIntent {
    static let title: LocalizedStringResource = "Delete Task"

    @Parameter(title: "Task") var task: TaskEntity

    func perform() async throws -> some IntentResult {
        try TaskStore.shared.update { _, tasks in tasks.removeAll { $0.id == task.id } }
        try await TaskDeckSpotlight.remove(taskID: task.id)
        TaskDeckScreen.showInbox()
        return .result()
    }
}

struct OpenTaskIntent: AppIntent {
    static let title: LocalizedStringResource = "Open Task"
    static let openAppWhenRun = true

    @Parameter(title: "Task") var target: TaskEntity

    func perform() async throws -> some IntentResult {
        TaskDeckScreen.show(target)
        return .result()
    }
}

struct SearchTasksIntent: AppIntent {
    static let title: LocalizedStringResource = "Search Tasks"
    static let description = IntentDescription("Finds tasks by title.")

    @Parameter(title: "Query") var query: String

    static var parameterSummary: some ParameterSummary { Summary("Search tasks for \(\.$query)") }

    func perform() async throws -> some IntentResult & ReturnsValue<[TaskEntity]> {
        .result(value: try await TaskQuery().entities(matching: query))
    }
}

struct TaskDeckShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: CreateTaskIntent(), phrases: ["Add a task in \(.applicationName)",
                                                          "Add \(\.$title) to \(.applicationName)"],
                    shortTitle: "New Task", systemImageName: "plus.circle")
        AppShortcut(intent: SearchTasksIntent(), phrases: ["Search \(.applicationName)"],
                    shortTitle: "Search Tasks", systemImageName: "magnifyingglass")
    }
    static let shortcutTileColor: ShortcutTileColor = .orange
}
