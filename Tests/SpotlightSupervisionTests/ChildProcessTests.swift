import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel
import SpotlightSupervision
import SpotlightTestSupport
import Testing

// Real child processes (/bin/sh, /bin/sleep) watched by ChildProcess.

func shell(_ script: String, stderrTailBytes: Int = 4096) throws -> ChildProcess {
    try ChildProcess(executable: "/bin/sh", arguments: ["-c", script], stderrTailBytes: stderrTailBytes)
}

@Test func anExitStatusIsReported() async throws {
    let child = try shell("exit 3")
    #expect(await child.waitForExit(within: .seconds(10)) == .exited(status: 3))
}

@Test func theSignalThatEndedTheProcessIsReported() async throws {
    let child = try ChildProcess(executable: "/bin/sleep", arguments: ["30"])
    child.signal(SIGTERM)
    #expect(await child.waitForExit(within: .seconds(10)) == .signaled(SIGTERM))
}

@Test func waitingEndsWhenTheProcessExitsNotAtTheDeadline() async throws {
    let child = try shell("sleep 0.1")
    // Timed off the cooperative pool, which tests running beside this one can hold for seconds.
    let (exit, took) = await offThePool {
        let started = ContinuousClock.now
        let exit = await child.waitForExit(within: .seconds(60))
        return (exit, ContinuousClock.now - started)
    }
    #expect(exit == .exited(status: 0))
    #expect(took < .seconds(30))
}

@Test func waitingOnARunningProcessGivesNilAtTheDeadline() async throws {
    // Longer than this task can be held back by tests beside it; the defer stops it.
    let child = try ChildProcess(executable: "/bin/sleep", arguments: ["600"])
    defer { child.stopBlocking(grace: .seconds(1)) }
    #expect(await child.waitForExit(within: .milliseconds(50)) == nil)
    #expect(child.waitForExitBlocking(within: .milliseconds(50)) == nil)
    #expect(child.exit == nil)
}

@Test func blockingWaitGivesTheExit() throws {
    let child = try shell("exit 7")
    #expect(child.waitForExitBlocking(within: .seconds(10)) == .exited(status: 7))
}

@Test func theEndOfStderrIsCompleteOnceTheExitIsKnown() async throws {
    let child = try shell("echo first words >&2; echo last words >&2; exit 1", stderrTailBytes: 11)
    _ = await child.waitForExit(within: .seconds(10))
    #expect(child.stderrTail == "last words\n")
}

@Test func aDescendantHoldingStderrOpenDoesNotDelayTheExit() async throws {
    let child = try shell("sleep 20 & echo bye >&2")
    #expect(await child.waitForExit(within: .seconds(10)) == .exited(status: 0))
    #expect(child.stderrTail == "bye\n")
}

@Test func aDescriptorOfThisProcessIsNotInherited() async throws {
    let descriptor = open("/dev/null", O_RDONLY)   // not close-on-exec
    defer { close(descriptor) }
    let child = try shell("[ -e /proc/$$/fd/\(descriptor) ] && exit 1; exit 0")
    #expect(await child.waitForExit(within: .seconds(10)) == .exited(status: 0))
}

@Test func stopEscalatesToSIGKILLWhenSIGTERMIsIgnored() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cp-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let ready = directory.appendingPathComponent("ready").path
    #expect(mkfifo(ready, 0o600) == 0)
    let child = try shell("trap '' TERM; echo > \(ready); while :; do sleep 1; done")
    #expect(lineArrives(atFIFO: ready, within: 10_000))
    #expect(await child.stop(grace: .milliseconds(200)) == .signaled(SIGKILL))
}

/// Whether a writer sends something to the FIFO at `path` within `milliseconds`.
func lineArrives(atFIFO path: String, within milliseconds: Int32) -> Bool {
    let fd = open(path, O_RDONLY | O_NONBLOCK)
    defer { close(fd) }
    var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return fd >= 0 && poll(&pfd, 1, milliseconds) > 0
}

@Test func anExecutableThatCannotRunIsAnUnavailableErrorNamingIt() throws {
    let error = #expect(throws: SpotlightError.self) { try ChildProcess(executable: "/nonexistent/tool") }
    #expect(error?.code == .unavailable)
    #expect(error?.message.contains("/nonexistent/tool") == true)
}

@Test func echoedOutputHasWhatTheChildWroteToStdoutAndStderr() async throws {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "echo to-stdout; echo to-stderr >&2"],
                                 echoOutput: ends[1])
    #expect(await child.waitForExit(within: .seconds(10)) == .exited(status: 0))
    close(ends[1])
    var echoed = [UInt8](repeating: 0, count: 4096)
    let count = read(ends[0], &echoed, echoed.count)
    let text = String(decoding: echoed[0..<max(count, 0)], as: UTF8.self)
    #expect(text.contains("to-stdout\n") && text.contains("to-stderr\n"))
    #expect(child.stderrTail.contains("to-stderr"))
}
