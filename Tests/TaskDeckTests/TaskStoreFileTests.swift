import Foundation
import Testing
import IntentKitTesting

extension TaskDeckSuite {
    /// A `tasks.json` TaskDeck cannot read (here: a NUL byte after the JSON) must not be
    /// overwritten by the next change: the app moves it aside, whole, and starts empty.
    @Test func unreadableTasksFileIsMovedAsideNotOverwritten() async throws {
        let dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("taskdeck-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataHome) }
        let app = XCUIApplication()
        app.launchEnvironment["XDG_DATA_HOME"] = dataHome.path
        app.launch()
        defer {
            app.launchEnvironment["XDG_DATA_HOME"] = nil
            app.terminate()
        }
        try await taskDeck.intents["CreateProjectIntent"].makeIntent(name: "Home").run()
        app.terminate()

        let directory = dataHome.appendingPathComponent("taskdeck")
        let file = directory.appendingPathComponent("tasks.json")
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\n\0".utf8))
        try handle.close()
        let damaged = try Data(contentsOf: file)

        app.launch()
        try await taskDeck.intents["CreateProjectIntent"].makeIntent(name: "Work").run()

        let asideNames = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix("tasks.json.unreadable-") }
        #expect(asideNames.count == 1, "the unreadable file is kept beside the new one: \(asideNames)")
        if let name = asideNames.first {
            #expect(try Data(contentsOf: directory.appendingPathComponent(name)) == damaged, "byte for byte")
        }
        let current = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(current.contains("Work"))
        #expect(!current.contains("Home"))
    }
}

/// What TaskDeck says when it finds its data file unreadable, run as a person runs it.
@Suite("TaskDeck's unreadable data file")
struct UnreadableTasksFileTests {
    @Test func movingAnUnreadableFileAsideIsOneStderrLineNamingBothPaths() throws {
        let taskdeck = TaskDeckCommandLine()
        defer { taskdeck.remove() }
        try taskdeck.writeTasksFile("{\"projects\": [{\"id\": \"h\", \"name\": \"Home\"}], \"tasks\": []}\n\0")

        let run = try taskdeck.run("--describe")

        #expect(run.status == 0, "TaskDeck starts empty: \(run.stderr)")
        let directory = taskdeck.tasksFile.deletingLastPathComponent().path
        let aside = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("tasks.json.unreadable-") }
        #expect(aside.count == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(run.stderr)")
        #expect(run.stderr.contains(taskdeck.tasksFile.path))
        #expect(run.stderr.contains("\(directory)/\(aside.first ?? "?")"))
    }
}
