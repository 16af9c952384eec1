import Foundation
import SpotlightCore
import SpotlightModel

/// spotlightd's settings: flags, then environment, then XDG defaults (see SpotlightPaths).
struct Configuration {
    var dataDirectory: String
    var socket: String
    /// An abstract socket systemd passed (`@name`, from `ListenStream=@name`): what spotlightd
    /// serves and `status` names, while ``socket`` stays the path its apps' sockets are kept beside.
    var abstractSocket: String?
    /// Where clients reach this daemon, as `status` and the log name it.
    var servedSocket: String { abstractSocket ?? socket }
    var appsDirectory: String
    var grants: Set<String> = []
    /// Flatpak app id -> bundles it may read besides its own (`*`: all), from `--grant-read`.
    var readGrants: [String: Set<String>] = [:]
    /// Seconds an open batch may stay idle before it is abandoned.
    var batchTimeout: Double = 600
    /// Bytes (records' text) one batch may stage.
    var maxBatchBytes = 1 << 30
    var maxFrameBytes = 16 << 20
    var maxConnections = 1024
    var maxConnectionsPerPeer = 256
    var maxPendingRequests = 512
    var verbose = false
    /// Remote shards and replicas searched with the local index (nil: none).
    var shards: ShardLayout?
    /// Keep each record's JSON in the index, for an index served to a front (`--records-in-index`).
    var recordsInIndex = false
    /// Compact the index in the background after this many changes (nil: never), `--auto-compact-changes`.
    var autoCompactChanges: Int? = SpotlightEngine.Options().autoCompactChanges
    /// Catch the index up in bulk past this many changes (nil: never), `--bulk-catch-up-changes`.
    var bulkCatchUpChanges: Int? = SpotlightEngine.Options().bulkCatchUpChanges
    /// The language of records that name none (`--language`, `--bundle-language`, BCP 47).
    var languages = LanguageSettings()

    static let help = """
    spotlightd — the Spotlight for Linux daemon: apps donate records, it keeps them durably
    and answers queries over a Unix socket (JSON-RPC 2.0, one message per line).

    USAGE: spotlightd [--data-dir DIR] [--socket PATH] [--apps-dir DIR] [--grant BUNDLE ...]
                      [--grant-read APP=BUNDLE[,BUNDLE...] ...] [--batch-timeout SECONDS]
                      [--max-batch-bytes N]
                      [--max-frame-bytes N] [--max-connections N] [--max-connections-per-peer N]
                      [--max-pending-requests N] [--verbose]
                      [--shard "NAME DATABASE BUNDLES" ...] [--shards-config FILE]
                      [--shard-timeout-ms N] [--records-in-index] [--auto-compact-changes N]
                      [--bulk-catch-up-changes N]
                      [--language TAG] [--bundle-language BUNDLE=TAG ...]

    OPTIONS:
      --data-dir DIR       record store and index (env SPOTLIGHT_DATA_DIR;
                           default $XDG_DATA_HOME/spotlight or ~/.local/share/spotlight)
      --socket PATH        the socket to listen on (env SPOTLIGHT_SOCKET; default
                           $XDG_RUNTIME_DIR/spotlight/spotlightd.sock or /tmp/spotlight-UID/spotlightd.sock)
      --apps-dir DIR       the app registry (env SPOTLIGHT_APPS_DIR; default DATA/apps)
      --grant BUNDLE       let unregistered callers (tools, tests) write BUNDLE; repeatable
      --grant-read APP=BUNDLE[,BUNDLE...]
                           let the sandboxed (Flatpak) app APP read these bundles' records
                           besides its own (`*`: every bundle); repeatable
      --batch-timeout SECONDS  abandon a batch no call used for this long (default 600)
      --max-batch-bytes N  text one batch may stage before it is refused (default 1073741824)
      --max-frame-bytes N  largest accepted message (default 16777216)
      --max-connections N  open connections in all (default 1024)
      --max-connections-per-peer N  open connections of one process (default 256)
      --max-pending-requests N  unanswered requests read from one connection (default 512)
      --verbose            debug log lines
      --shard "NAME DATABASE BUNDLES"
                           also search a shard: tcp://host:port (xapian-tcpsrv) or a local
                           replica path, holding BUNDLES (comma-separated); repeatable
      --shards-config FILE one shard per line, as --shard; relative paths start from FILE's
                           directory (see docs/scale-out.md)
      --shard-timeout-ms N a shard slower than this is left out of a query (default 2000)
      --records-in-index   keep each record's JSON in the index beside its key: run a shard's
                           owner (or a replica's source) with it, so a front can read the
                           records (default: the index holds keys, records are read from the
                           store); changing it rebuilds the index at start
      --auto-compact-changes N  compact the index in the background once it took N/4
                           changes and a quarter of its documents since it was last compacted
                           and the writer is idle for a second, or N and twice its documents
                           at once (default 20000; 0 never)
      --bulk-catch-up-changes N  when the index lags the store by N changes and a quarter of
                           its documents (an import), build them in parts on every core and
                           merge them with the index instead of one by one (default 4000; 0 never)
      --language TAG       the language of records that name none, a BCP 47 tag (default en):
                           stemmed with its stemmer when Xapian has one, else not stemmed;
                           changing it rebuilds the index from the store at start
      --bundle-language BUNDLE=TAG
                           the language of BUNDLE's records that name none (instead of
                           --language); repeatable; changing it rebuilds the index too
      --help, --version

    Under systemd socket activation (LISTEN_FDS) the socket is inherited instead (tools/systemd
    has user units; keep ListenStream= a path, as clients connect by path). SIGTERM or SIGINT stops it: it stops accepting, answers the requests it
    read, cancels a rebuild from the store (the old index stays) and exits 0.

    The data directory and the app registry are kept private: created 0700, and at start
    any entry group or others may use is tightened (directories 0700, files 0600) and logged.

    EXAMPLE:
      spotlightd --data-dir /tmp/spot --socket /tmp/spot.sock &
      echo '{"jsonrpc":"2.0","id":1,"method":"status"}' | socat - UNIX-CONNECT:/tmp/spot.sock

    EXIT STATUS: 0 stopped cleanly, 1 failed (see the log line), 2 bad usage,
                 3 the data directory is in use by another spotlightd, or another
                   server already listens on the socket.
    """

    /// Parses arguments. - Throws: a usage message.
    static func parse(_ arguments: [String]) throws(UsageError) -> Configuration {
        var dataDir: String?
        var socket: String?
        var apps: String?
        var shardLines: [ShardConfiguration.Line] = []
        var shardTimeout: Int?
        var config = Configuration(dataDirectory: "", socket: "", appsDirectory: "")
        var it = arguments.makeIterator()
        func value(_ flag: String) throws(UsageError) -> String {
            guard let v = it.next(), !v.hasPrefix("--") else { throw UsageError("\(flag) needs a value") }
            return v
        }
        /// A path flag's value: an empty one (an unset variable in a unit file) would fall back to
        /// the default path without a word.
        func path(_ flag: String) throws(UsageError) -> String {
            let v = try value(flag)
            guard !v.isEmpty else { throw UsageError("\(flag) needs a path, got an empty one; leave \(flag) out for the default") }
            return v
        }
        func positive(_ flag: String, _ v: String) throws(UsageError) -> Int {
            guard let n = Int(v), n >= 1 else { throw UsageError("\(flag) needs a number ≥ 1, got \(v)") }
            return n
        }
        func count(_ flag: String, _ v: String) throws(UsageError) -> Int {
            guard let n = Int(v), n >= 0 else { throw UsageError("\(flag) needs a number ≥ 0, got \(v)") }
            return n
        }
        while let arg = it.next() {
            switch arg {
            case "--data-dir": dataDir = try path(arg)
            case "--socket": socket = try path(arg)
            case "--apps-dir": apps = try path(arg)
            case "--grant":
                let bundle = try value(arg)
                // An empty grant lets nothing be written (no record has an empty bundle).
                guard !bundle.isEmpty else { throw UsageError("--grant needs a bundle identifier, got an empty one") }
                config.grants.insert(bundle)
            case "--grant-read":
                let v = try value(arg)
                let parts = v.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    throw UsageError("--grant-read needs APP=BUNDLE[,BUNDLE...], got \(v)")
                }
                config.readGrants[parts[0], default: []].formUnion(parts[1].split(separator: ",").map(String.init))
            case "--batch-timeout":
                let v = try value(arg)
                guard let n = Double(v), n > 0, n.isFinite else { throw UsageError("--batch-timeout needs seconds > 0, got \(v)") }
                config.batchTimeout = n
            case "--max-batch-bytes":
                let v = try value(arg)
                guard let n = Int(v), n >= 1024 else { throw UsageError("--max-batch-bytes needs a number ≥ 1024, got \(v)") }
                config.maxBatchBytes = n
            case "--max-frame-bytes":
                let v = try value(arg)
                guard let n = Int(v), n >= 1024 else { throw UsageError("--max-frame-bytes needs a number ≥ 1024, got \(v)") }
                config.maxFrameBytes = n
            case "--max-connections": config.maxConnections = try positive(arg, value(arg))
            case "--max-connections-per-peer": config.maxConnectionsPerPeer = try positive(arg, value(arg))
            case "--max-pending-requests": config.maxPendingRequests = try positive(arg, value(arg))
            case "--verbose", "-v": config.verbose = true
            case "--records-in-index": config.recordsInIndex = true
            case "--auto-compact-changes":
                let n = try count(arg, value(arg))
                config.autoCompactChanges = n == 0 ? nil : n
            case "--bulk-catch-up-changes":
                let n = try count(arg, value(arg))
                config.bulkCatchUpChanges = n == 0 ? nil : n
            case "--shard": shardLines.append(("--shard", try value(arg), nil))
            case "--shards-config": shardLines += try ShardConfiguration.lines(ofFile: try value(arg))
            case "--shard-timeout-ms":
                let v = try value(arg)
                guard let n = Int(v), n > 0 else { throw UsageError("--shard-timeout-ms needs a number > 0, got \(v)") }
                shardTimeout = n
            case "--language":
                let v = try value(arg)
                guard Languages.isWellFormed(v) else { throw UsageError("--language needs a BCP 47 tag such as en or de, got \(v)") }
                config.languages.defaultLanguage = v
            case "--bundle-language":
                let v = try value(arg)
                let parts = v.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, !parts[0].isEmpty, Languages.isWellFormed(parts[1]) else {
                    throw UsageError("--bundle-language needs BUNDLE=TAG with a BCP 47 tag such as de, got \(v)")
                }
                config.languages.bundles[parts[0]] = parts[1]
            case "--help", "-h": throw UsageError(nil)
            case "--version": break   // main prints the version once the rest parsed
            default: throw UsageError("unknown argument \(arg)")
            }
        }
        config.shards = try ShardConfiguration.layout(lines: shardLines)
        if let shardTimeout { config.shards?.timeoutMilliseconds = shardTimeout }
        config.dataDirectory = SpotlightPaths.dataDirectory(dataDir)
        config.socket = SpotlightPaths.socket(socket)
        config.appsDirectory = apps ?? ProcessInfo.processInfo.environment["SPOTLIGHT_APPS_DIR"]
            ?? config.dataDirectory + "/apps"
        return config
    }
}

struct UsageError: Error {
    /// nil: help was asked for.
    var message: String?
    init(_ message: String?) { self.message = message }
}
