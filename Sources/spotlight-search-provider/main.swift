import Foundation
import SpotlightKit
import SpotlightModel

// spotlight-search-provider: GNOME Shell's and KRunner's search on the session bus (see --help).

let options: ProviderOptions
do {
    guard let parsed = try ProviderOptions.parse(Array(CommandLine.arguments.dropFirst())) else { exit(0) }
    options = parsed
} catch let error as ProviderOptions.UsageError {
    StandardError.write("spotlight-search-provider: \(error.message)\nTry 'spotlight-search-provider --help'.\n")
    exit(2)
}

let log = SpotlightLog.standardError(tag: "spotlight-search-provider", minimum: options.verbose ? .debug : .info)
let repeated = RepeatedWarning(log: log)
// No reconnect window: a search box must answer now, and empty, when spotlightd is down.
let index = SearchableIndex(socketPath: options.socket, reconnectWindow: .zero, callTimeout: options.queryTimeout)
let appsDirectory = options.appsDirectory ?? ProcessInfo.processInfo.environment["SPOTLIGHT_APPS_DIR"].flatMap { $0.isEmpty ? nil : $0 }
let backend = SearchBackend(index: index, catalog: AppCatalog(index: index, explicitDirectory: appsDirectory, repeated: repeated),
                            repeated: repeated, limit: options.limit, openTimeout: options.openTimeout,
                            answerWithin: options.answerWithin)

if options.interactive {
    Task {
        await InteractiveSearch.run(backend)
        exit(0)
    }
    dispatchMain()
}

do {
    let service = try BusService(objectPath: ProviderOptions.objectPath,
                                 interfaces: [GnomeShellSearchProvider.interface(backend), KRunnerRunner.interface(backend)],
                                 log: log)
    do {
        try service.requestName(ProviderOptions.busName, replace: options.replace)
    } catch where error.errno == EEXIST || error.errno == EALREADY {
        log.error("another process owns \(ProviderOptions.busName) on this session bus; stop it, or pass --replace")
        exit(1)
    }
    log.info("serving \(ProviderOptions.busName) at \(ProviderOptions.objectPath); spotlightd at \(index.socketPath)")
    try service.run(idleExit: options.idleExit)
    exit(0)
} catch {
    let address = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] ?? "unset"
    log.error("the session bus failed: \(error) (DBUS_SESSION_BUS_ADDRESS=\(address)); run it in a desktop session "
        + "or under dbus-run-session")
    exit(1)
}
