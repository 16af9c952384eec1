import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Waiting for a Foundation `Process` without trusting Foundation alone to notice its end.
///
/// On Linux, swift-corelibs-foundation can miss a child's exit: `isRunning` then stays true,
/// `waitUntilExit()` spins at full CPU forever and `terminationStatus` traps. Seen with
/// `swift test`, whose Swift Testing suites run in parallel: a `dbus-run-session` child was a
/// zombie for minutes while two tests spun in `waitUntilExit()`. So these ask the kernel too: a
/// child that is a zombie has ended, and its wait status is read from `/proc/PID/stat` without
/// reaping it, which Foundation may still do.
///
/// ```swift
/// try process.run()
/// switch process.waitForExit(within: .seconds(10)) {
/// case .exited(let status)?: print("exited with", status)
/// case .signaled(let signal)?: print("killed by", signal)
/// case nil: process.terminate()   // still running after 10 s
/// }
/// ```
extension Process {
    /// How the process ended, waiting at most `limit`; nil while it still runs (or was never
    /// started).
    public func waitForExit(within limit: Duration) -> ProcessExit? {
        let deadline = ContinuousClock.now + limit
        while true {
            if let ended = exitIfEnded { return ended }
            if ContinuousClock.now >= deadline { return nil }
            usleep(5_000)
        }
    }

    /// How the process ended if it has: Foundation's record, else the kernel's for a child that
    /// is a zombie; nil while it runs or before it was started.
    public var exitIfEnded: ProcessExit? {
        guard processIdentifier > 0 else { return nil }
        if !isRunning {
            return terminationReason == .uncaughtSignal ? .signaled(terminationStatus) : .exited(status: terminationStatus)
        }
        guard let stat = try? String(contentsOfFile: "/proc/\(processIdentifier)/stat", encoding: .utf8) else { return nil }
        return ProcessExit(zombieStat: stat, parent: getpid())
    }
}

extension ProcessExit {
    /// The status a shell reports for it (`$?`): the exit status, or 128 + the signal.
    public var shellStatus: Int32 {
        switch self {
        case .exited(let status): return status
        case .signaled(let signal): return 128 + signal
        }
    }

    /// The exit recorded in a `/proc/PID/stat` line of a zombie whose parent is `parent`; nil for
    /// a process that runs, or is another's child (its pid was reused).
    ///
    /// The fields after the command's closing parenthesis are the state (3), the parent pid (4)
    /// and, last, the exit code in `waitpid`'s form (52, Linux 3.5 and later).
    package init?(zombieStat stat: String, parent: Int32) {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 50, fields[0] == "Z", Int32(fields[1]) == parent,
              let status = Int32(fields[fields.count - 1].trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        self.init(waitStatus: status)
    }
}
