import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel
import SpotlightWire

extension ChildProcess {
    /// Blocks until a server accepts connections on `socketPath`, the process ends, or
    /// `limit` passes (the process is then killed). Between tries it sleeps on the process's
    /// exit, so an exit ends the wait at once.
    ///
    /// ```swift
    /// let daemon = try ChildProcess(executable: spotlightd, arguments: ["--socket", socket])
    /// try daemon.waitUntilServing(on: socket, within: .seconds(10), name: "spotlightd")
    /// ```
    /// - Parameter name: who the process is, for the error ("com.example.App (/usr/bin/app)").
    /// - Throws: `.unavailable` if it ended first, `.timeout` if it did not serve in time; the
    ///   message has the end of its stderr.
    public func waitUntilServing(on socketPath: String, within limit: Duration, name: String) throws(SpotlightError) {
        let deadline = ContinuousClock.now + limit
        while !serverAnswers(at: socketPath) {
            if let exit {
                throw SpotlightError(.unavailable, "\(name) \(exit) before it served on \(socketPath)." + stderrParagraph)
            }
            if ContinuousClock.now >= deadline {
                signal(SIGKILL)
                _ = waitForExitBlocking(within: .seconds(1))
                throw SpotlightError(.timeout, "\(name) did not serve on \(socketPath) within \(limit) of its launch; "
                    + "it was stopped." + stderrParagraph)
            }
            _ = waitForExitBlocking(within: .milliseconds(20))
        }
    }
}
