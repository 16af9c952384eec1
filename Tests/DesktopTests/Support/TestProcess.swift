import Foundation
import SpotlightSupervision
import SpotlightTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// How long a test waits for a process or a condition: `SPOTLIGHT_TEST_TIMEOUT` seconds, else
/// `INTENTKIT_TEST_TIMEOUT`, else 30.
let testTimeout: TimeInterval = {
    let environment = ProcessInfo.processInfo.environment
    for name in ["SPOTLIGHT_TEST_TIMEOUT", "INTENTKIT_TEST_TIMEOUT"] {
        if let text = environment[name], let seconds = Double(text), seconds > 0 { return seconds }
    }
    return 30
}()

/// The directory of the built executables: the one the test binary runs from (or above it).
let productsDirectory: URL = {
    if let dir = ProcessInfo.processInfo.environment["SPOTLIGHT_TEST_BIN_DIR"] { return URL(fileURLWithPath: dir) }
    var dir = URL(fileURLWithPath: builtProductsDirectory())
    while dir.path != "/" && !FileManager.default.fileExists(atPath: dir.appendingPathComponent("spotlight-search-provider").path) {
        dir = dir.deletingLastPathComponent()
    }
    return dir
}()

/// What one run of a program printed and how it ended.
struct ProgramRun: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String
    /// It was still running at the deadline and was killed.
    var timedOut: Bool

    var description: String { "exit \(status)\(timedOut ? " (killed at the deadline)" : ""), stdout: \(stdout), stderr: \(stderr)" }
}

/// Runs a program to completion, at most ``testTimeout``: never a hang. `input` is its stdin.
func runProgram(_ executable: String, _ arguments: [String], environment: [String: String],
                input: String? = nil) throws -> ProgramRun {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let out = scratch.appendingPathComponent("out"), err = scratch.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/\(executable)")
    process.arguments = arguments
    process.environment = environment
    if let input {
        let inputURL = scratch.appendingPathComponent("in")
        try Data(input.utf8).write(to: inputURL)
        process.standardInput = try FileHandle(forReadingFrom: inputURL)
    } else {
        process.standardInput = FileHandle.nullDevice
    }
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    let timedOut = process.waitForExit(within: .seconds(testTimeout)) == nil
    if timedOut { stopProcess(process, signal: SIGKILL) }
    return ProgramRun(status: exitStatus(of: process, within: .seconds(testTimeout)),
                      stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "", timedOut: timedOut)
}

/// Waits until `condition` holds, checking every 50 ms, at most ``testTimeout``; whether it did.
func waitUntil(_ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = Date().addingTimeInterval(testTimeout)
    while true {
        if try await condition() { return true }
        if Date() >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(50))
    }
}
