import Foundation
import SpotlightSupervision
#if canImport(Glibc)
import Glibc
#endif

/// The directory holding the package's built products (spotlightd, spotlightctl, cometcal,
/// ...): `SPOTLIGHT_TEST_BIN_DIR` if set (as for the harness, docs/testing.md), else the
/// directory of the running test executable.
public func builtProductsDirectory() -> String {
    if let dir = ProcessInfo.processInfo.environment["SPOTLIGHT_TEST_BIN_DIR"], !dir.isEmpty { return dir }
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return (exe as NSString).deletingLastPathComponent
}

/// Sends `first` (SIGTERM by default), gives the process 10 s to exit, then SIGKILL and 10 s
/// more: a test never waits forever on a process. Never `waitUntilExit()`, which can spin
/// forever when Foundation misses the exit (see `Process.waitForExit(within:)`).
public func stopProcess(_ p: Process, signal first: Int32 = SIGTERM) {
    guard p.processIdentifier > 0, p.exitIfEnded == nil else { return }
    kill(p.processIdentifier, first)
    if p.waitForExit(within: .seconds(10)) != nil { return }
    kill(p.processIdentifier, SIGKILL)
    _ = p.waitForExit(within: .seconds(10))
}

/// Waits for `p` to end, at most `limit` (60 s unless told): its exit status, or 128 + the
/// signal that ended it, as a shell reports it; -1 if it still ran at the deadline (then it
/// is killed). Stands in for `waitUntilExit()` and `terminationStatus`, which can hang or trap
/// when Foundation misses the exit.
@discardableResult
public func exitStatus(of p: Process, within limit: Duration = .seconds(60)) -> Int32 {
    if let exit = p.waitForExit(within: limit) { return exit.shellStatus }
    stopProcess(p, signal: SIGKILL)
    return -1
}

/// A `Pipe` whose two ends are closed on exec, for a child's standard input or output.
///
/// Foundation's `Process` on Linux closes, in each child it starts, the descriptors that were
/// open when it looked; a descriptor another thread makes meanwhile (a test running beside)
/// stays open in that child. A pipe's write end left open in some other long-lived child means
/// no end of file here until that child exits: `readDataToEndOfFile()` or a child reading
/// its standard input to the end waits for it. Closed on exec, no other child keeps it; the
/// child it is meant for gets its own copy as standard input or output all the same.
public func closeOnExecPipe() -> Pipe {
    let pipe = Pipe()
    for fd in [pipe.fileHandleForReading.fileDescriptor, pipe.fileHandleForWriting.fileDescriptor] {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    return pipe
}

/// Runs a program to completion (at most 60 s, then it is killed) with nothing on its stdin:
/// its exit status as ``exitStatus(of:within:)`` gives it, and what it wrote to stdout and stderr.
///
/// ```swift
/// let run = try runToCompletion(URL(fileURLWithPath: builtProductsDirectory() + "/taskdeck"), ["--help"],
///                               environment: ProcessInfo.processInfo.environment)
/// run.status   // 0
/// ```
/// - Throws: what `Process.run()` throws when the program cannot be started.
public func runToCompletion(_ executable: URL, _ arguments: [String], environment: [String: String]) throws
    -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    let out = closeOnExecPipe(), err = closeOnExecPipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    return (exitStatus(of: process), String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
}
