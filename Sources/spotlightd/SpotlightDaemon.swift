import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import SpotlightCore
import SpotlightModel
import SpotlightSupervision
import SpotlightWire

/// spotlightd: opens the data directory, serves the socket, stops cleanly on SIGTERM/SIGINT.
@main
struct SpotlightDaemon {
    static func main() async {
        var configuration: Configuration
        do {
            configuration = try Configuration.parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            if let message = error.message {
                StandardError.write("spotlightd: \(message)\nTry 'spotlightd --help'.\n")
                exit(2)
            }
            print(Configuration.help)
            exit(0)
        }
        if CommandLine.arguments.contains("--version") {
            print("spotlightd \(spotlightVersion)")
            exit(0)
        }
        let log = SpotlightLog.timestamped(minimum: configuration.verbose ? .debug : .info)
        // Every file spotlightd makes (the store and its -wal/-shm, the lock, Xapian's files,
        // markers) is the user's alone: 0600, directories 0700. Set before any thread starts.
        umask(0o077)
        keepPrivate(configuration, log: log)
        // Before anything listens: a SIGTERM that arrives while the handler is being set up
        // would otherwise be ignored (SIG_IGN) and the daemon would never stop.
        let stopper = Stopper(log: log)
        stopper.install()
        var options = SpotlightEngine.Options()
        options.log = log
        options.shards = configuration.shards
        options.recordsInIndex = configuration.recordsInIndex
        options.autoCompactChanges = configuration.autoCompactChanges
        options.bulkCatchUpChanges = configuration.bulkCatchUpChanges
        // An import cut short by a stop or crash is caught up while serving, not before.
        options.catchUpLargeBacklogInBackground = true
        options.languages = configuration.languages

        let engine: SpotlightEngine
        do {
            engine = try SpotlightEngine(dataDirectory: configuration.dataDirectory, options: options)
            stopper.serve(server: nil, engine: engine)
        } catch let error as SpotlightError {
            log(.error, "cannot open \(configuration.dataDirectory): \(error)")
            exit(error.code == .locked ? 3 : 1)
        } catch {
            log(.error, "cannot open \(configuration.dataDirectory): \(error)")
            exit(1)
        }

        // A socket passed by systemd is where clients reach this daemon, whatever --socket or
        // the default says: status shows it, and launched apps donate to it.
        let activated = SocketActivation.listeningFileDescriptors().first
        if let activated, let path = SocketActivation.boundPath(of: activated) { configuration.socket = path }
        if let activated, let name = SocketActivation.abstractName(of: activated) {
            configuration.abstractSocket = name
            log(.warning, "the socket systemd passed is the abstract socket \(name): spotlightctl, SpotlightKit and the "
                + "apps spotlightd launches find spotlightd by a socket path (they would look for \(configuration.socket), "
                + "where nothing listens); give the socket unit a path, ListenStream=%t/spotlight/spotlightd.sock as "
                + "tools/systemd/spotlightd.socket does")
        }
        let callers = CallerResolver(registry: AppRegistry(directory: URL(fileURLWithPath: configuration.appsDirectory)),
                                     grants: configuration.grants, readGrants: configuration.readGrants,
                                     log: log)
        _ = callers.registeredExecutables()   // logs each refused manifest now, not at the first write
        let handler = DaemonHandler(engine: engine, callers: callers, configuration: configuration, log: log)
        let batchTimer = handler.startBatchTimer()
        var serverConfiguration = UnixSocketServer.Configuration()
        serverConfiguration.maxFrameBytes = configuration.maxFrameBytes
        serverConfiguration.maxConnections = configuration.maxConnections
        serverConfiguration.maxConnectionsPerPeer = configuration.maxConnectionsPerPeer
        serverConfiguration.maxPendingRequestsPerConnection = configuration.maxPendingRequests
        serverConfiguration.authorizePeer = UnixSocketServer.Configuration.onlyUser(getuid())
        serverConfiguration.log = log

        let server: UnixSocketServer
        do {
            if let fd = activated {
                server = try UnixSocketServer(adopting: fd, handler: handler, configuration: serverConfiguration)
                log(.info, "serving the socket passed by systemd (fd \(fd))")
            } else {
                server = try UnixSocketServer(path: configuration.socket, handler: handler,
                                              configuration: serverConfiguration)
            }
        } catch {
            log(.error, activated.map { "cannot serve the socket passed by systemd (fd \($0)): \(error)" }
                ?? "cannot listen on \(configuration.socket): \(error)")
            engine.close()
            exit(error is SpotlightError && (error as! SpotlightError).code == .locked ? 3 : 1)
        }
        log(.info, "spotlightd \(spotlightVersion) pid \(getpid()) serving \(configuration.servedSocket), data in \(configuration.dataDirectory)")

        stopper.serve(server: server, engine: engine, handler: handler)
        ParentWatch.startIfRequested { engine.close() }
        while true {
            try? await Task.sleep(for: .seconds(3600))
            _ = batchTimer
        }
    }

    /// The data directory and the app registry: created 0700; an existing one that group or
    /// others may use is tightened (directories 0700, files 0600), each change logged.
    static func keepPrivate(_ configuration: Configuration, log: SpotlightLog) {
        let directories = [configuration.dataDirectory]
            + (configuration.appsDirectory == configuration.dataDirectory ? [] : [configuration.appsDirectory])
        for directory in directories {
            do {
                try PrivateFiles.createDirectory(directory)
            } catch {
                // Without its data directory spotlightd cannot serve: one line, then exit 1.
                guard directory != configuration.dataDirectory else {
                    log(.error, "cannot open the data directory: \(error)")
                    exit(1)
                }
                log(.error, "cannot create \(directory): \(error)")
                continue
            }
            for change in PrivateFiles.tighten(directory) {
                log(.warning, "tightened \(change): group and others may not use spotlightd's files")
            }
        }
    }
}

/// SIGTERM/SIGINT: stop accepting, finish in-flight requests, commit, exit 0. Installed first
/// thing; what there is to stop (the engine, then the server) is handed over as it opens.
final class Stopper: Sendable {
    let log: SpotlightLog
    private let running = Mutex<(server: UnixSocketServer?, engine: SpotlightEngine?, handler: DaemonHandler?)>((nil, nil, nil))

    init(log: SpotlightLog) {
        self.log = log
    }

    /// What a signal from now on stops.
    func serve(server: UnixSocketServer?, engine: SpotlightEngine, handler: DaemonHandler? = nil) {
        running.withLock { $0 = (server, engine, handler) }
    }

    func install() {
        StopSignal.install { [self] name in
            log(.info, "received \(name); draining")
            let (server, engine, handler) = running.withLock { $0 }
            // A rebuild from the store would hold the drain for its whole length (minutes on
            // a large store, past systemd's TimeoutStopSec): cancelled, the old index stays.
            if handler?.cancelRebuildForStop() == true {
                log(.info, "stopping: cancelled the running rebuild; the old index stays")
            }
            await server?.stop()
            engine?.close()
            log(.info, "stopped cleanly")
        }
    }
}
