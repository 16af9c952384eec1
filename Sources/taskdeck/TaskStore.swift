import Foundation
import Synchronization

/// A task as TaskDeck keeps it.
struct StoredTask: Codable, Hashable, Sendable {
    var id: String
    var title: String
    var notes: String?
    var isDone: Bool
    var priority: TaskPriority
    var dueDate: Date?
    var projectID: String
    var tags: [String]
}

/// A project as TaskDeck keeps it.
struct StoredProject: Codable, Hashable, Sendable {
    var id: String
    var name: String
}

/// TaskDeck's data: one JSON file, `$XDG_DATA_HOME/taskdeck/tasks.json` (else
/// `~/.local/share/taskdeck/tasks.json`), written whole after every change.
final class TaskStore: Sendable {
    static let shared = TaskStore()

    private struct Contents: Codable {
        var projects: [StoredProject] = []
        var tasks: [StoredTask] = []
    }

    private let contents: Mutex<Contents>
    let file: URL

    init(file: URL = TaskStore.defaultFile) {
        self.file = file
        if let data = try? Data(contentsOf: file), let decoded = try? JSONDecoder().decode(Contents.self, from: data) {
            contents = Mutex(decoded)
        } else {
            contents = Mutex(Contents())
        }
    }

    static var defaultFile: URL {
        let environment = ProcessInfo.processInfo.environment
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
        return dataHome.appendingPathComponent("taskdeck/tasks.json")
    }

    var projects: [StoredProject] { contents.withLock { $0.projects } }
    var tasks: [StoredTask] { contents.withLock { $0.tasks } }

    func project(id: String) -> StoredProject? { projects.first { $0.id == id } }

    /// Runs `change` on the data and saves it.
    func update<T: Sendable>(_ change: (inout [StoredProject], inout [StoredTask]) throws -> T) throws -> T {
        try contents.withLock { contents in
            var projects = contents.projects, tasks = contents.tasks
            let result = try change(&projects, &tasks)
            contents = Contents(projects: projects, tasks: tasks)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONEncoder().encode(contents).write(to: file, options: .atomic)
            return result
        }
    }
}
