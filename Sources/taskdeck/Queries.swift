import Foundation
import IntentKit

struct ProjectQuery: EntityStringQuery, EnumerableEntityQuery {
    func entities(for identifiers: [ProjectEntity.ID]) async throws -> [ProjectEntity] {
        TaskStore.shared.projects.filter { identifiers.contains($0.id) }.map(ProjectEntity.init)
    }

    func suggestedEntities() async throws -> [ProjectEntity] { try await allEntities() }

    func entities(matching string: String) async throws -> [ProjectEntity] {
        TaskStore.shared.projects.filter { $0.name.localizedCaseInsensitiveContains(string) }.map(ProjectEntity.init)
    }

    func allEntities() async throws -> [ProjectEntity] { TaskStore.shared.projects.map(ProjectEntity.init) }
}

/// How TaskDeck filters tasks for a property query.
enum TaskFilter: Sendable {
    case titleContains(String)
    case isDone(Bool)
    case priority(TaskPriority)
    case dueBefore(Date?)

    func matches(_ task: StoredTask) -> Bool {
        switch self {
        case .titleContains(let text): return task.title.localizedCaseInsensitiveContains(text)
        case .isDone(let done): return task.isDone == done
        case .priority(let priority): return task.priority == priority
        case .dueBefore(let date): return task.dueDate.map { $0 < (date ?? .distantFuture) } ?? false
        }
    }
}

struct TaskQuery: EntityStringQuery, EnumerableEntityQuery, EntityPropertyQuery {
    func entities(for identifiers: [TaskEntity.ID]) async throws -> [TaskEntity] {
        TaskStore.shared.tasks.filter { identifiers.contains($0.id) }.map(TaskEntity.init)
    }

    /// Open tasks first.
    func suggestedEntities() async throws -> [TaskEntity] {
        let tasks = TaskStore.shared.tasks
        return (tasks.filter { !$0.isDone } + tasks.filter(\.isDone)).map(TaskEntity.init)
    }

    func entities(matching string: String) async throws -> [TaskEntity] {
        TaskStore.shared.tasks.filter { $0.title.localizedCaseInsensitiveContains(string) }.map(TaskEntity.init)
    }

    func allEntities() async throws -> [TaskEntity] { TaskStore.shared.tasks.map(TaskEntity.init) }

    static let properties = QueryProperties {
        Property(\TaskEntity.$title) {
            ContainsComparator { TaskFilter.titleContains($0) }
        }
        Property(\TaskEntity.$isDone) {
            EqualToComparator { TaskFilter.isDone($0) }
        }
        Property(\TaskEntity.$priority) {
            EqualToComparator { TaskFilter.priority($0) }
        }
        Property(\TaskEntity.$dueDate) {
            LessThanComparator { TaskFilter.dueBefore($0) }
        }
    }

    static let sortingOptions = SortingOptions {
        SortableBy(\TaskEntity.$title)
        SortableBy(\TaskEntity.$dueDate)
    }

    func entities(matching comparators: [TaskFilter], mode: ComparatorMode, sortedBy: [EntityQuerySort<TaskEntity>],
                  limit: Int?) async throws -> [TaskEntity] {
        var tasks = TaskStore.shared.tasks.filter { task in
            mode == .and ? comparators.allSatisfy { $0.matches(task) } : comparators.contains { $0.matches(task) }
        }
        for sort in sortedBy.reversed() {
            let ascending = sort.order == .ascending
            if sort.by == \TaskEntity.$title {
                tasks.sort { ascending ? $0.title < $1.title : $0.title > $1.title }
            } else if sort.by == \TaskEntity.$dueDate {
                let far = Date.distantFuture
                tasks.sort { ascending ? ($0.dueDate ?? far) < ($1.dueDate ?? far) : ($0.dueDate ?? far) > ($1.dueDate ?? far) }
            }
        }
        return tasks.prefix(limit ?? tasks.count).map(TaskEntity.init)
    }
}
