import Foundation
import SpotlightSupervision
import SpotlightTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A private D-Bus session bus for one test, made by `dbus-run-session` as a desktop session
/// makes one: its child prints the bus address and waits on stdin, so closing stdin ends the
/// session (and the bus, and the services it activated). Services are activated from
/// `$XDG_DATA_HOME/dbus-1/services` of `environment`; the bus's stderr, and so that of every
/// service it starts, goes to ``logURL``.
final class PrivateSessionBus {
    let address: String
    let logURL: URL
    private let process: Process
    private let stdin: Pipe

    init(environment: [String: String], directory: URL) throws {
        logURL = directory.appendingPathComponent("bus.log")
        let addressURL = directory.appendingPathComponent("bus.address")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: addressURL.path, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-run-session")
        process.arguments = ["--", "sh", "-c", "printf '%s\\n' \"$DBUS_SESSION_BUS_ADDRESS\"; exec cat >/dev/null"]
        var env = environment
        env.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
        process.environment = env
        stdin = closeOnExecPipe()
        process.standardInput = stdin
        process.standardOutput = try FileHandle(forWritingTo: addressURL)
        process.standardError = try FileHandle(forWritingTo: logURL)
        try process.run()
        let deadline = Date().addingTimeInterval(testTimeout)
        var line = ""
        while Date() < deadline {
            line = (try? String(contentsOf: addressURL, encoding: .utf8)) ?? ""
            if line.hasSuffix("\n") || process.exitIfEnded != nil { break }
            usleep(20_000)
        }
        address = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !address.isEmpty else {
            stopProcess(process, signal: SIGKILL)
            throw SessionBusError(message: "dbus-run-session printed no bus address; its log: \(log)")
        }
    }

    /// What the bus and the services it activated wrote.
    var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    /// Ends the session: the bus goes away and the services it activated see it close.
    ///
    /// A process this test process starts inherits its blocked signals, SIGTERM among them,
    /// so the SIGTERM with which dbus-run-session ends its bus daemon never arrives and the
    /// daemon (with the providers it activated) outlived every test. SIGKILL cannot be blocked.
    func stop() {
        let daemons = Self.busDaemons(of: process.processIdentifier)
        try? stdin.fileHandleForWriting.close()
        _ = process.waitForExit(within: .seconds(testTimeout))
        stopProcess(process)
        for pid in daemons where Self.isBusDaemon(pid) { kill(pid, SIGKILL) }
    }

    /// The `dbus-daemon` children of dbus-run-session `pid`.
    private static func busDaemons(of pid: Int32) -> [Int32] {
        guard pid > 0, let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)
        else { return [] }
        return text.split(separator: " ").compactMap { Int32($0) }.filter(isBusDaemon)
    }

    private static func isBusDaemon(_ pid: Int32) -> Bool {
        (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.hasPrefix("dbus-daemon") == true
    }

    deinit { stop() }
}

struct SessionBusError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
