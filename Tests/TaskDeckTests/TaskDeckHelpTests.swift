import Foundation
import Testing

/// `taskdeck --help`, run as a person runs it.
@Suite("taskdeck --help")
struct TaskDeckHelpTests {
    @Test func helpPrintsTheCommandsAndSucceeds() throws {
        let taskdeck = TaskDeckCommandLine()
        defer { taskdeck.remove() }

        let run = try taskdeck.run("--help")

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        for command in ["--install", "--serve", "--describe"] {
            #expect(run.stdout.contains("taskdeck \(command)"), "help names \(command): \(run.stdout)")
        }
    }
}
