import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// SIGTERM and SIGINT, the signals that ask a server to stop: spotlightd and every app
/// service stop the same way, through ``install(_:)``.
///
/// ```swift
/// StopSignal.install { name in
///     log.info("received \(name); draining")
///     await server.stop()          // finish in-flight requests, remove the socket
/// }                                // then the process exits 0
/// ```
public enum StopSignal {
    /// From now on, SIGTERM or SIGINT runs `stop` (in a task, given the signal's name,
    /// "SIGTERM" or "SIGINT"), then exits the process with status 0.
    ///
    /// Install it first thing, before what it stops exists (the body can look that up when
    /// it runs): until then a SIGTERM would end the process without the cleanup.
    public static func install(_ stop: @escaping @Sendable (_ name: String) async -> Void) {
        for (number, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
            // SIG_IGN first: libdispatch registers the source asynchronously, and a signal
            // whose default action still applies in that window would end the process.
            signal(number, SIG_IGN)
            installed.withLock { sources in
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler {
                    Task {
                        await stop(name)
                        exit(0)
                    }
                }
                source.resume()
                sources.append(source)
            }
        }
    }

    private static let queue = DispatchQueue(label: "spotlight.stop-signal")
    /// The sources, kept alive for the life of the process (a released source stops firing).
    private static let installed = Mutex<[any DispatchSourceSignal]>([])
}
