import CProcess
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel
import Synchronization

/// A process this one started, watched until it ends without polling: a thread of its own
/// sleeps in `poll` on the process's pidfd (`pidfd_open`), which the kernel makes readable
/// when the process exits, and on its stderr, whose last bytes it keeps. Waiting for the
/// exit (``waitForExit(within:)``) sleeps until that thread records it or the time is up.
///
/// The child's stdin and stdout are /dev/null, its stderr a pipe to this process; it
/// inherits no other descriptor, an empty signal mask and default signal handlers. With
/// `echoOutput`, its stdout joins that pipe and all of it is also copied to the descriptor given.
///
/// ```swift
/// let child = try ChildProcess(executable: "/usr/bin/spotlightd", arguments: ["--socket", socket])
/// child.signal(SIGTERM)
/// if await child.waitForExit(within: .seconds(3)) == nil { child.signal(SIGKILL) }
/// print(child.exit ?? "still running", child.stderrTail)
/// ```
public final class ChildProcess: Sendable {
    /// The process id; after ``exit`` is set it may belong to another process.
    public let pid: Int32
    private let tailBytes: Int
    /// Where what the process writes is copied as it comes; nil: kept as the stderr tail only.
    private let echoOutput: Int32?
    private let state = Mutex<(tail: [UInt8], exit: ProcessExit?)>(([], nil))
    /// Entered at launch and left once the exit is recorded: what every wait waits on.
    private let running = DispatchGroup()

    /// Starts `executable` with `arguments` (after the executable path as argument 0) and
    /// the whole `environment`.
    /// - Parameters:
    ///   - stderrTailBytes: how much of the end of its stderr ``stderrTail`` keeps.
    ///   - echoOutput: a descriptor of this process (`STDERR_FILENO`) that also gets everything the
    ///     child writes, stdout and stderr alike, as it writes it; nil: its stdout goes to /dev/null.
    /// - Throws: `.unavailable` naming the executable and the reason when it cannot be started.
    public init(executable: String, arguments: [String] = [],
                environment: [String: String] = ProcessInfo.processInfo.environment,
                stderrTailBytes: Int = 4096, echoOutput: Int32? = nil) throws(SpotlightError) {
        tailBytes = stderrTailBytes
        self.echoOutput = echoOutput
        var stderrPipe: [Int32] = [-1, -1]
        guard pipe2(&stderrPipe, O_CLOEXEC) == 0 else {
            throw SpotlightError(.unavailable, "cannot start \(executable): no pipe for its stderr",
                                 underlying: String(cString: strerror(errno)))
        }
        defer { close(stderrPipe[1]) }
        var child: pid_t = 0
        let failure = Self.spawn(executable, [executable] + arguments, environment, stderr: stderrPipe[1],
                                 stdoutToo: echoOutput != nil, pid: &child)
        guard failure == 0 else {
            close(stderrPipe[0])
            throw SpotlightError(.unavailable, "cannot start \(executable)", underlying: String(cString: strerror(failure)))
        }
        pid = child
        running.enter()
        let notice = ExitNotice(pid: child)
        let stderrRead = stderrPipe[0]
        let watcher = Thread { [self] in watch(notice: notice, stderr: stderrRead) }
        watcher.name = "child-process-\(child)"
        watcher.start()
    }

    /// How the process ended; nil while it runs.
    public var exit: ProcessExit? { state.withLock { $0.exit } }

    /// The end of its stderr (at most `stderrTailBytes`), complete once ``exit`` is set.
    public var stderrTail: String { String(decoding: state.withLock { $0.tail }, as: UTF8.self) }

    /// Sends `signal` to the process unless it has ended.
    public func signal(_ signal: Int32) {
        guard exit == nil else { return }
        kill(pid, signal)
    }

    /// Waits until the process has ended, at most `limit`; its exit, or nil if it still runs.
    public func waitForExit(within limit: Duration) async -> ProcessExit? {
        if let exit { return exit }
        return await withCheckedContinuation { continuation in
            let first = FirstResume(continuation)
            running.notify(queue: .global()) { first.resume(returning: self.exit) }
            DispatchQueue.global().asyncAfter(deadline: .now() + limit.dispatchInterval) {
                first.resume(returning: self.exit)
            }
        }
    }

    /// ``waitForExit(within:)`` for synchronous callers: blocks the calling thread.
    public func waitForExitBlocking(within limit: Duration) -> ProcessExit? {
        _ = running.wait(timeout: .now() + limit.dispatchInterval)
        return exit
    }

    /// Stops the process: SIGTERM, then SIGKILL if it has not ended within `grace`, and
    /// waits up to `killWait` more. Returns its exit, nil if even SIGKILL did not end it in time.
    @discardableResult
    public func stop(grace: Duration, killWait: Duration = .seconds(2)) async -> ProcessExit? {
        signal(SIGTERM)
        if let exit = await waitForExit(within: grace) { return exit }
        signal(SIGKILL)
        return await waitForExit(within: killWait)
    }

    /// ``stop(grace:killWait:)`` for synchronous callers (and `atexit`): blocks the calling thread.
    @discardableResult
    public func stopBlocking(grace: Duration, killWait: Duration = .seconds(1)) -> ProcessExit? {
        signal(SIGTERM)
        if let exit = waitForExitBlocking(within: grace) { return exit }
        signal(SIGKILL)
        return waitForExitBlocking(within: killWait)
    }

    /// " The end of its stderr:\n<tail>", or " It wrote nothing to stderr.", for error messages.
    /// A Swift crash's own stack dump (`Current stack trace:` and its frames, which the runtime
    /// prints after `Fatal error:` even with `SWIFT_BACKTRACE=enable=no`) is left out.
    public var stderrParagraph: String {
        var trimmed = stderrTail.trimmingCharacters(in: .whitespacesAndNewlines)
        if let dump = trimmed.range(of: "\nCurrent stack trace:") {
            trimmed = String(trimmed[..<dump.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return trimmed.isEmpty ? " It wrote nothing to stderr." : " The end of its stderr:\n" + trimmed
    }

    // MARK: - Watching

    /// On the watcher thread: keeps stderr's tail until the process ends, takes what it
    /// wrote last (without waiting on descendants that may hold the pipe open), reaps it and
    /// records how it ended.
    private func watch(notice: ExitNotice, stderr: Int32) {
        var stderrOpen = true
        while true {
            var fds = [pollfd(fd: notice.fd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: stderrOpen ? stderr : -1, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || fds[0].revents != 0 { break }
            if fds[1].revents != 0 { stderrOpen = readStderr(stderr) }
        }
        while stderrOpen {
            var pfd = pollfd(fd: stderr, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 0) > 0 else { break }
            stderrOpen = readStderr(stderr)
        }
        close(stderr)
        let ended = ProcessExit(waitStatus: notice.waitStatus())
        state.withLock { $0.exit = ended }
        running.leave()
    }

    /// Appends one read of stderr to the tail; false at end of file or on an error.
    private func readStderr(_ fd: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EINTR || errno == EAGAIN }
        if count == 0 { return false }
        if let echoOutput { Self.writeAll(buffer[0..<count], to: echoOutput) }
        state.withLock { state in
            state.tail.append(contentsOf: buffer[0..<count])
            if state.tail.count > tailBytes { state.tail.removeFirst(state.tail.count - tailBytes) }
        }
        return true
    }

    /// Writes all of `bytes` to `fd`, retrying short writes and `EINTR`; gives up on other errors
    /// (a closed terminal must not stop the watching).
    private static func writeAll(_ bytes: ArraySlice<UInt8>, to fd: Int32) {
        var rest = bytes
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            rest = rest.dropFirst(written)
        }
    }

    /// posix_spawn with stdin and stdout on /dev/null (stdout on `stderr` with `stdoutToo`), stderr
    /// on `stderr`, no other descriptor, and signals at their defaults. Returns 0 or the errno it failed with.
    private static func spawn(_ executable: String, _ arguments: [String], _ environment: [String: String],
                              stderr: Int32, stdoutToo: Bool, pid: inout pid_t) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if stdoutToo {
            posix_spawn_file_actions_adddup2(&actions, stderr, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        return posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    }
}

/// A descriptor `poll` reports readable once a process has ended: its pidfd, or where
/// `pidfd_open` is refused (kernels before 5.3, some seccomp profiles) the read end of a
/// pipe that a reaper thread, blocked in `waitpid`, closes when the process ends.
private final class ExitNotice: Sendable {
    let fd: Int32
    private let pid: Int32
    /// The wait status, once the reaper thread has it (only without a pidfd).
    private let reaped = Mutex<Int32?>(nil)

    init(pid: Int32) {
        self.pid = pid
        let pidfd = pidfd_open(pid, 0)
        if pidfd >= 0 {
            fd = pidfd
            return
        }
        var ends: [Int32] = [-1, -1]
        _ = pipe2(&ends, O_CLOEXEC)
        fd = ends[0]
        let writeEnd = ends[1]
        let reaper = Thread { [self] in
            let status = Self.reap(pid)
            reaped.withLock { $0 = status }
            close(writeEnd)
        }
        reaper.name = "child-reaper-\(pid)"
        reaper.start()
    }

    /// The process's wait status: reaps it (it has ended once `fd` is readable), closes `fd`.
    func waitStatus() -> Int32 {
        defer { close(fd) }
        return reaped.withLock { $0 } ?? Self.reap(pid)
    }

    private static func reap(_ pid: Int32) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }
}

/// How a child process ended.
public enum ProcessExit: Hashable, Sendable, CustomStringConvertible {
    case exited(status: Int32)
    case signaled(Int32)

    /// From a `waitpid` status: the exit status, or the signal that ended it.
    init(waitStatus status: Int32) {
        let signal = status & 0x7f
        self = signal == 0 ? .exited(status: (status >> 8) & 0xff) : .signaled(signal)
    }

    /// "exited with status 1", "crashed with signal 4 (SIGILL, Illegal instruction)".
    public var description: String {
        switch self {
        case .exited(let status): return "exited with status \(status)"
        case .signaled(let signal):
            let names: [Int32: String] = [SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS",
                                          SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGTERM: "SIGTERM",
                                          SIGINT: "SIGINT", SIGPIPE: "SIGPIPE"]
            let text = strsignal(signal).map { String(cString: $0) } ?? "unknown signal"
            return "crashed with signal \(signal) (\(names[signal].map { "\($0), " } ?? "")\(text))"
        }
    }
}

extension Duration {
    /// The same span for Dispatch deadlines.
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        guard seconds < 1_000_000_000 else { return .never }
        return .nanoseconds(Int(max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)))
    }
}
