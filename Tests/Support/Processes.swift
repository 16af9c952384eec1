import Foundation
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

/// Sends `first` (SIGTERM by default), gives the process 10 s to exit, then SIGKILL: a test
/// never waits forever on a process.
public func stopProcess(_ p: Process, signal first: Int32 = SIGTERM) {
    guard p.isRunning else { return }
    kill(p.processIdentifier, first)
    let deadline = Date().addingTimeInterval(10)
    while p.isRunning && Date() < deadline { usleep(20_000) }
    if p.isRunning { kill(p.processIdentifier, SIGKILL) }
    p.waitUntilExit()
}
