import Foundation
import SpotlightModel
import SpotlightProtocol

/// `spotlightctl status`: is the daemon up, where its data is, what it holds.
enum StatusCommand: Command {
    static let name = "status"
    static let summary = "is spotlightd up; records per bundle and type; sizes; rebuild progress"
    static let options = OptionSpec(flags: ["--json"])
    static let help = """
    spotlightctl status — whether spotlightd is running, its data directory and socket, records
    per bundle and type, index and store sizes, the last applied sequence, whether a
    rebuild is running, the index copies found corrupt and kept (which table, which
    revision; the newest two) and, for a front with shards, each shard (up/down, documents).

    USAGE: spotlightctl status [--json]

    OPTIONS:
      --json   print the daemon's status as JSON, with "running": true; when spotlightd is
               not running, {"running": false, "socket": PATH, "message": WHY} on standard
               output and exit status 3; when it is busy (at its connection limit),
               {"running": true, "busy": true, "socket": PATH, "message": WHY} and exit
               status 1; when it does not answer within 30 s, {"running": true,
               "answering": false, "socket": PATH, "message": WHY} and exit status 1.
               These print no error object on standard error

    JSON KEYS (docs/protocol.md, `status`):
      "running", "busy", "answering", "message", "pid", "uptimeSeconds", "version", "dataDirectory", "socket", "appsDirectory"
      "openBatches", "stagedOperations"     batches open on connections, writes they staged
      "appRebuildDone", "appRebuildTotal"   while a rebuild from the apps runs
      "shards"    a front only: [{"name","address","bundles","state","documentCount",
                  "lastAppliedSequence","message"}]
      "index"     {"counts": [{"bundle","types": {TYPE: RECORDS}}], "recordCount",
                  "documentCount", "storeBytes", "indexBytes", "storeSequence",
                  "lastAppliedSequence", "indexState" (ok, rebuilding, compacting, degraded
                  with "message"), "rebuildDone"/"rebuildTotal" while a rebuild runs,
                  "bulkDone"/"bulkTotal" while the index catches up in bulk,
                  "corruptIndexes": [{"path","table","revision","problem","movedAt"}]}

    A spotlightd that accepts the connection but does not answer within 30 s (stuck, or
    stopped with SIGSTOP) is reported as such, with exit status 1.

    EXAMPLE:
      spotlightctl status --json
    """

    static func run(_ args: Arguments, _ context: Context) async throws -> ExitCode {
        try args.requireNoPositionals()
        let reply: ShardOutput.Status
        do {
            // Status is answered in milliseconds, also during an import or a rebuild; only a
            // start takes seconds (a socket-activated spotlightd checking a large index before it
            // answers). Silent for 30 s, it is stuck or stopped: said sooner than the 120 s calls wait.
            reply = try await context.daemon.call(.status, [String: String](), timeout: .seconds(30))
        } catch let error as SpotlightError where [.unavailable, .busy, .timeout].contains(error.code) && args.has("--json") {
            // The answer a script asked for, on stdout, and the exit status; an error object
            // on stderr as well would say the same twice.
            let failure = CLIError(from: error, socket: context.socket)
            var object: [String: JSONValue] = ["running": .bool(error.code != .unavailable), "socket": .string(context.socket),
                                               "message": .string(failure.message)]
            if error.code == .busy { object["busy"] = .bool(true) }
            if error.code == .timeout { object["answering"] = .bool(false) }
            try Terminal.printJSON(JSONValue.object(object))
            return failure.code
        }
        if args.has("--json") {
            var object = try JSONValue(encoding: reply).objectValue ?? [:]
            object["running"] = .bool(true)
            try Terminal.printJSON(JSONValue.object(object))
            return .ok
        }
        print(describe(reply.daemon))
        if let shards = reply.shards, !shards.isEmpty {
            print("")
            print(ShardOutput.table(shards))
        }
        return .ok
    }

    static func describe(_ status: DaemonStatus) -> String {
        let index = status.index
        var lines = [
            "spotlightd \(status.version) is running (pid \(status.pid), up \(Int(status.uptimeSeconds)) s)",
            "data directory  \(status.dataDirectory)",
            "socket          \(status.socket)",
        ]
        if let apps = status.appsDirectory { lines.append("apps directory  \(apps)") }
        lines += [
            "index           \(index.indexState)\(index.message.map { ": \($0)" } ?? "")",
            "records         \(index.recordCount) in the store, \(index.documentCount) in the index" + catchingUp(index),
            "sizes           store \(Terminal.bytes(index.storeBytes)), index \(Terminal.bytes(index.indexBytes))",
            "sequence        store \(index.storeSequence), index applied \(index.lastAppliedSequence)",
        ]
        if let done = index.rebuildDone, let total = index.rebuildTotal {
            lines.append("rebuild         running: \(done) of \(total) records")
        }
        if let done = status.appRebuildDone, let total = status.appRebuildTotal {
            lines.append("rebuild         from the apps: \(done) of \(total) apps re-donated")
        }
        if let done = index.bulkDone, let total = index.bulkTotal {
            lines.append("catch-up        in bulk: \(done) changes built of \(total) (and any arriving meanwhile)")
        }
        for copy in index.corruptIndexes ?? [] {
            let table = copy.table.map { "\($0) table" } ?? "unknown table"
            let revision = copy.revision.map { " at revision \($0)" } ?? ""
            lines.append("corrupt index   \(table)\(revision), moved aside \(copy.movedAt) and rebuilt from the store; kept at \(copy.path)")
        }
        if !index.counts.isEmpty {
            lines.append("")
            let rows = index.counts.flatMap { count in
                count.types.sorted { $0.key < $1.key }.map { [count.bundle, $0.key, String($0.value)] }
            }
            lines.append(Terminal.table(["BUNDLE", "TYPE", "RECORDS"], rows))
        }
        return lines.joined(separator: "\n")
    }

    /// While the index has changes of the store still to apply (an import just donated, a
    /// restart), the two counts differ for that reason and not because records are missing:
    /// the line says so.
    static func catchingUp(_ index: IndexStatus) -> String {
        guard index.storeSequence > index.lastAppliedSequence else { return "" }
        let behind = index.storeSequence - index.lastAppliedSequence
        return " (the index is catching up: \(behind) change\(behind == 1 ? "" : "s") to apply)"
    }
}
