import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightSupervision
import Testing

// Process.waitForExit(within:): Foundation processes waited for without trusting Foundation
// alone to notice the exit (Process+Exit.swift).

private func foundationShell(_ script: String) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    return process
}

/// A `/proc/PID/stat` line as Linux writes it: 52 fields, the command in parentheses.
private func statLine(state: String, parent: Int32, exitCode: Int32) -> String {
    let middle = Array(repeating: "0", count: 47).joined(separator: " ")
    return "4242 (a (tricky) name) \(state) \(parent) \(middle) \(exitCode)\n"
}

@Test func aFoundationProcessExitStatusIsReported() throws {
    let process = try foundationShell("exit 3")
    #expect(process.waitForExit(within: .seconds(10)) == .exited(status: 3))
}

@Test func theSignalThatEndedAFoundationProcessIsReported() throws {
    let process = try foundationShell("kill -KILL $$")
    #expect(process.waitForExit(within: .seconds(10)) == .signaled(SIGKILL))
}

@Test func aRunningFoundationProcessGivesNilAtTheDeadline() throws {
    let process = try foundationShell("sleep 30")
    defer { kill(process.processIdentifier, SIGKILL); _ = process.waitForExit(within: .seconds(10)) }
    #expect(process.waitForExit(within: .milliseconds(50)) == nil)
    #expect(process.exitIfEnded == nil)
}

@Test func aProcessNeverStartedHasNoExit() {
    #expect(Process().exitIfEnded == nil)
}

@Test func aZombieStatLineGivesTheExitStatusItRecords() {
    #expect(ProcessExit(zombieStat: statLine(state: "Z", parent: 7, exitCode: 3 << 8), parent: 7) == .exited(status: 3))
    #expect(ProcessExit(zombieStat: statLine(state: "Z", parent: 7, exitCode: SIGKILL), parent: 7) == .signaled(SIGKILL))
}

@Test func aRunningProcessStatLineGivesNoExit() {
    #expect(ProcessExit(zombieStat: statLine(state: "S", parent: 7, exitCode: 0), parent: 7) == nil)
}

@Test func anotherParentsZombieGivesNoExit() {
    #expect(ProcessExit(zombieStat: statLine(state: "Z", parent: 8, exitCode: 0), parent: 7) == nil)
}

/// The kernel's own line for a zombie this process has not reaped: a child started with
/// posix_spawn, which Foundation does not watch, read after it ended and before it is reaped.
@Test func theKernelsStatLineOfARealZombieGivesItsExit() throws {
    var pid: pid_t = 0
    let words: [String] = ["/bin/sh", "-c", "exit 5"]
    let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    try #require(posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ) == 0)
    defer { var status: Int32 = 0; waitpid(pid, &status, 0) }
    var info = siginfo_t()
    // Wait for the exit without reaping (WNOWAIT): the child stays a zombie.
    try #require(waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == 0)
    let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    #expect(ProcessExit(zombieStat: stat, parent: getpid()) == .exited(status: 5))
}
