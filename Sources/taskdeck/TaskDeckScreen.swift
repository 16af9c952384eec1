import Foundation
import IntentKit

/// What TaskDeck shows: the inbox of open tasks, or one task, with view annotations.
enum TaskDeckScreen {
    static func showInbox() {
        let open = TaskStore.shared.tasks.filter { !$0.isDone }.map(TaskEntity.init)
        AppScreen.shared.show(["Inbox"] + open.map { "○ \($0.title) (\($0.project.name))" },
                              annotations: open.map { EntityAnnotation(EntityIdentifier(for: TaskEntity.self, identifier: $0.id)) })
    }

    static func show(_ task: TaskEntity) {
        var lines = [task.title, "Project: \(task.project.name)", "Priority: \(task.priority.rawValue)"]
        if let notes = task.notes { lines.append(notes) }
        if task.isDone { lines.append("Done") }
        AppScreen.shared.show(lines, annotations: [
            EntityAnnotation(EntityIdentifier(for: TaskEntity.self, identifier: task.id), isSelected: true),
        ])
    }
}
