import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel
import SpotlightProtocol
import SpotlightWire

/// Serves the app service on a Unix socket until SIGTERM: each JSON-RPC request goes to the
/// dispatcher's method of that name, and a thrown `SpotlightError` becomes the JSON-RPC
/// error (the caller gets it back as the same `SpotlightError`).
///
/// The socket is `SPOTLIGHT_APP_SOCKET` when set (launchers set it), else
/// `apps/<bundle>.sock` beside spotlightd's socket. Only processes of the same user may connect.
/// Stopping removes the files written for returned ``IntentFile``s (docs/porting.md).
///
/// ```swift
/// try await serve(dispatcher: app.dispatcher)
/// ```
public func serve(dispatcher: AppServiceDispatcher) async throws {
    let path = SpotlightPaths.appSocket(bundle: dispatcher.bundleIdentifier)
    var configuration = UnixSocketServer.Configuration()
    configuration.authorizePeer = UnixSocketServer.Configuration.onlyUser(getuid())
    configuration.log = .standardError(tag: dispatcher.bundleIdentifier, minimum: .warning)
    let server = try UnixSocketServer(path: path, handler: DispatcherHandler(dispatcher: dispatcher),
                                      configuration: configuration)
    SpotlightLog.standardError(tag: dispatcher.bundleIdentifier).info("serving on \(path)")
    ParentWatch.startIfRequested {
        unlink(path)
        IntentFileStore.shared.removeAll()
    }
    // SIGTERM/SIGINT: finish in-flight calls, remove the socket and the returned files, exit 0.
    StopSignal.install { _ in
        await server.stop()
        IntentFileStore.shared.removeAll()
    }
    while true { try await Task.sleep(for: .seconds(3600)) }
}

/// The dispatcher as the transport's handler: the one dispatch of ``RPCService``, so an
/// unknown method or bad params reach the caller as JSON-RPC -32601 / -32602.
struct DispatcherHandler: RPCService {
    let dispatcher: AppServiceDispatcher
    func handle(_ method: AppServiceMethod, params: JSONValue?, peer: PeerCredentials) async throws -> JSONValue {
        try await dispatcher.answer(method, params: params)
    }
}
