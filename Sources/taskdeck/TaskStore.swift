import Foundation
import Synchronization
import SpotlightModel

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
/// `~/.local/share/taskdeck/tasks.json`), written whole after every change. A file it cannot
/// read is kept as `tasks.json.unreadable-<UTC timestamp>` beside it, never overwritten.
final class TaskStore: Sendable {
    /// The store in ``defaultFile``. When its file is unreadable and cannot be moved aside,
    /// TaskDeck says why on stderr and exits 1 rather than overwrite it.
    static let shared: TaskStore = {
        do {
            return try TaskStore()
        } catch {
            StandardError.write("taskdeck: \((error as? SpotlightError)?.message ?? "\(error)")\n")
            exit(1)
        }
    }()

    private struct Contents: Codable {
        var projects: [StoredProject] = []
        var tasks: [StoredTask] = []
    }

    private let contents: Mutex<Contents>
    let file: URL

    /// Opens the data in `file`; a missing file is an empty store. A file that cannot be read
    /// or decoded is moved aside (``UnreadableFile/moveAside(_:because:now:)``, one line on
    /// stderr) and the store starts empty, so no save overwrites it.
    /// - Throws: `SpotlightError(.io)` when such a file cannot be moved aside either.
    init(file: URL = TaskStore.defaultFile) throws {
        self.file = file
        contents = Mutex(try Self.load(file))
    }

    private static func load(_ file: URL) throws -> Contents {
        guard FileManager.default.fileExists(atPath: file.path) else { return Contents() }
        let reason: String
        do {
            return try JSONDecoder().decode(Contents.self, from: try Data(contentsOf: file))
        } catch is DecodingError {
            reason = "it is not TaskDeck's JSON"
        } catch {
            reason = error.localizedDescription
        }
        try UnreadableFile.moveAside(file, because: reason)
        return Contents()
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
