import Foundation
import SpotlightSupervision
import SpotlightTestSupport
import Testing
import XCTest
@testable import IntentKitTesting

// A test process that uses the harness and then exits or is killed leaves no process behind,
// checked from outside through /proc. The child is this test bundle running CleanupChild.

/// What the child reports: its daemon's and app's pids and its directory.
struct ChildReport {
    var daemon: Int32
    var app: Int32
    var directory: String
}

/// Runs CleanupChild in a child process (mode "exit" or "hold") until it reports its pids.
func startChild(mode: String) throws -> (Process, ChildReport) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    process.arguments = ["IntentKitTestingTests.CleanupChild/testReportPidsThenExitOrHold"]
    process.environment = ProcessInfo.processInfo.environment.merging(["INTENTKIT_CLEANUP_CHILD": mode]) { $1 }
    let output = closeOnExecPipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var text = ""
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        text += String(decoding: chunk, as: UTF8.self)
        if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("HARNESS ") }) {
            let parts = line.split(separator: " ")
            if parts.count == 4, let daemon = Int32(parts[1]), let app = Int32(parts[2]) {
                return (process, ChildReport(daemon: daemon, app: app, directory: String(parts[3])))
            }
        }
    }
    process.terminate()
    throw CleanupChildError(output: text)
}

struct CleanupChildError: Error { var output: String }

/// Whether every process of `pids` has ended within `seconds`; checked once more at the end,
/// as tests running beside this one can hold its task back past the deadline.
func gone(_ pids: [Int32], within seconds: Double) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if !pids.contains(where: processExists) { return true }
        try? await Task.sleep(for: .milliseconds(100))
    }
    return !pids.contains(where: processExists)
}

@Test func killedTestProcessLeavesNoDaemonOrAppRunning() async throws {
    let (child, report) = try startChild(mode: "hold")
    #expect(processExists(report.daemon) && processExists(report.app))
    kill(child.processIdentifier, SIGKILL)
    _ = child.waitForExit(within: .seconds(60))
    #expect(await gone([report.daemon, report.app], within: 5))
}

@Test func exitingTestProcessStopsEverythingAndRemovesItsDirectory() async throws {
    let (child, report) = try startChild(mode: "exit")
    _ = child.waitForExit(within: .seconds(60))
    #expect(await gone([report.daemon, report.app], within: 1))
    #expect(!FileManager.default.fileExists(atPath: report.directory))
}

/// The child side: only runs when started by the tests above.
final class CleanupChild: XCTestCase {
    func testReportPidsThenExitOrHold() async throws {
        guard let mode = ProcessInfo.processInfo.environment["INTENTKIT_CLEANUP_CHILD"] else {
            throw XCTSkip("runs only as the child process of the cleanup tests")
        }
        let definitions = IntentDefinitions(bundleIdentifier: fixtureBundle)
        try await definitions.launch()
        let environment = TestEnvironment.shared
        let app = try await environment.session(for: fixtureBundle).launcher.pid ?? -1
        let line = "HARNESS \(environment.daemon?.pid ?? -1) \(app) \(environment.directory?.path ?? "-")\n"
        FileHandle.standardOutput.write(Data(line.utf8))
        if mode == "hold" { try await Task.sleep(for: .seconds(60)) }
    }
}
