import Foundation
import SpotlightTestSupport

/// The built `taskdeck`, run as a person runs it, with a data directory of its own: black-box
/// tests of what it prints and how it exits. No spotlightd: what is tested here needs none.
struct TaskDeckCommandLine {
    /// The `XDG_DATA_HOME` the program gets; its data is `taskdeck/tasks.json` in it.
    let dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("taskdeck-cli-\(UUID().uuidString)")
    var tasksFile: URL { dataHome.appendingPathComponent("taskdeck/tasks.json") }

    /// Runs `taskdeck` with these arguments to completion.
    func run(_ arguments: String...) throws -> (status: Int32, stdout: String, stderr: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = dataHome.path
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let executable = URL(fileURLWithPath: builtProductsDirectory()).appendingPathComponent("taskdeck")
        return try runToCompletion(executable, arguments, environment: environment)
    }

    /// Writes `text` as TaskDeck's data file.
    func writeTasksFile(_ text: String) throws {
        try FileManager.default.createDirectory(at: tasksFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: tasksFile)
    }

    func remove() {
        try? FileManager.default.removeItem(at: dataHome)
    }
}
