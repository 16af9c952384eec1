import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Ends this process when the process that started it goes away, if the environment asks
/// for it (`SPOTLIGHT_EXIT_WITH_PARENT=1`). Test harnesses set it so that nothing they
/// started outlives them, even when the test process is killed.
public enum ParentWatch {
    /// Starts watching (once a second) when `SPOTLIGHT_EXIT_WITH_PARENT=1`.
    /// - Parameter onExit: runs before exiting (e.g. to remove a socket file).
    public static func startIfRequested(onExit: @escaping @Sendable () -> Void = {}) {
        guard ProcessInfo.processInfo.environment["SPOTLIGHT_EXIT_WITH_PARENT"] == "1" else { return }
        let parent = getppid()
        retained.withLock { timers in
            let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "spotlight.parent-watch"))
            timer.schedule(deadline: .now() + 1, repeating: 1)
            timer.setEventHandler {
                if getppid() != parent {
                    onExit()
                    _exit(0)
                }
            }
            timer.resume()
            timers.append(timer)
        }
    }

    /// The timer, kept alive for the life of the process (a released source stops firing).
    private static let retained = Mutex<[any DispatchSourceTimer]>([])
}
