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
