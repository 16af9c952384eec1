#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel

/// A JSON-RPC 2.0 server on a Unix domain socket, one message per line.
///
/// One event-loop thread polls the listening socket and every connection; each request
/// is handled in its own task, so requests pipelined on one connection run concurrently
/// and their responses (matched by id) go back as they finish. A client's fault (bad
/// JSON, unknown method, wrong params, invalid UTF-8) gets an error response and the
/// connection goes on; an oversized or trickled frame gets an error response and the
/// connection is closed. Nothing a client sends can stop the server.
///
/// ```swift
/// let server = try UnixSocketServer(path: "/run/user/1000/spotlight/spotlightd.sock", handler: Clock())  // an RPCService
/// // ... later, on SIGTERM:
/// await server.stop()   // stop accepting, finish in-flight requests, close
/// ```
public final class UnixSocketServer: Sendable {
    /// Limits and hooks of a server.
    public struct Configuration: Sendable {
        /// The largest request frame, in bytes; a longer one is refused and the connection closed.
        public var maxFrameBytes = LineFramer.defaultMaxFrameBytes
        /// How long a started frame may take to complete; a client slower than this is
        /// disconnected. Idle connections between frames are kept.
        public var frameTimeout: Duration = .seconds(30)
        /// Requests read from one connection but not yet answered; beyond this the server
        /// stops reading that connection until some finish.
        public var maxPendingRequestsPerConnection = 512
        /// Bytes of answers one connection may leave unread; a peer that stops reading while
        /// its answers pile up past this is disconnected (its requests not yet run are
        /// skipped), so it cannot grow the server's memory without bound.
        public var maxUnsentBytesPerConnection = 64 << 20
        /// Open connections; one more is answered with an error and closed.
        public var maxConnections = 1024
        /// Open connections from one peer process (by pid); one more is answered with an
        /// error and closed, so one runaway client cannot take every slot.
        public var maxConnectionsPerPeer = 256
        /// Called for each new connection with the peer's kernel credentials; throw to
        /// refuse it. The refusal is logged and sent to the peer before closing.
        public var authorizePeer: (@Sendable (PeerCredentials) throws -> Void)?
        /// Where events go; standard error at level info by default.
        public var log: SpotlightLog = .standardError(tag: "spotlight-wire")

        public init() {}

        /// A hook that admits only processes running as `uid` (the daemon passes its own).
        public static func onlyUser(_ uid: UInt32) -> @Sendable (PeerCredentials) throws -> Void {
            { peer in
                guard peer.uid == uid else {
                    throw SpotlightError(.permissionDenied,
                                         "connection refused: peer uid \(peer.uid) is not the server's uid \(uid)")
                }
            }
        }
    }

    /// The socket path this server bound, or nil for an adopted socket.
    public let path: String?
    private let loop: ServerLoop

    /// Binds `path` and starts serving. Creates the socket's directory (0700) if missing;
    /// the socket is 0600. A stale socket at `path` is replaced; anything else is refused.
    ///
    /// - Parameters:
    ///   - path: the socket path; at most 107 bytes (the size of `sun_path`).
    ///   - handler: answers every request.
    ///   - configuration: limits, the peer hook and the log.
    /// - Throws: `SpotlightError` naming the path: `.invalidInput` (too long, not a
    ///   socket), `.locked` (a server already listens there), `.io`.
    public init(path: String, handler: any RPCHandler, configuration: Configuration = .init()) throws {
        ignoreSIGPIPE()
        let bound = try SocketPath.bindAndListen(path)
        self.path = path
        self.loop = try ServerLoop(listener: bound.fd, ownedPath: (path, bound.inode),
                                   handler: handler, configuration: configuration)
        loop.start()
    }

    /// Serves on an already-listening socket, e.g. one passed by systemd (see
    /// `SocketActivation`). The server takes ownership of `fd` and closes it on stop,
    /// but never unlinks the socket's path.
    /// - Throws: `SpotlightError(.invalidInput)` if `fd` is not a listening Unix stream socket.
    public init(adopting fd: Int32, handler: any RPCHandler, configuration: Configuration = .init()) throws {
        ignoreSIGPIPE()
        guard UnixSocket.isListening(fd) else {
            throw SpotlightError(.invalidInput, "file descriptor \(fd) is not a listening socket; check the socket unit")
        }
        guard UnixSocket.isUnixStream(fd) else {
            throw SpotlightError(.invalidInput, "file descriptor \(fd) is not a Unix stream socket; "
                + "the socket unit's ListenStream= must be a path")
        }
        do {
            try UnixSocket.setNonBlocking(fd)
            try UnixSocket.setCloseOnExec(fd)
        } catch {
            throw SpotlightError(.io, "cannot prepare the adopted socket \(fd)", underlying: "\(error)")
        }
        self.path = nil
        self.loop = try ServerLoop(listener: fd, ownedPath: nil, handler: handler, configuration: configuration)
        loop.start()
    }

    /// Stops gracefully: stops accepting (and unlinks the socket it bound), stops reading
    /// new requests, waits for in-flight requests to finish and their responses to be
    /// sent, then closes every connection. Returns when all of that is done.
    public func stop() async {
        loop.requestStop()
        await loop.waitUntilFinished()
    }

    /// The number of open connections (for status and tests).
    public var connectionCount: Int { loop.connectionCount }

    deinit {
        loop.requestStop()
    }
}
