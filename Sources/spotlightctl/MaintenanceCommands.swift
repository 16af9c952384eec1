import Foundation
import SpotlightModel
import SpotlightProtocol

/// `spotlightctl check`: Xapian's check of the index and the store's integrity check.
enum CheckCommand: Command {
    static let name = "check"
    static let summary = "check the index (Xapian) and the record store (SQLite) for damage"
    static let options = OptionSpec(flags: ["--json"])
    static let help = """
    spotlightctl check — spotlightd runs Xapian's consistency check on the active index (between
    commits) and an integrity check of the record store, and compares their counts.

    USAGE: spotlightctl check [--json]

    OPTIONS:
      --json   print {"indexPath","indexProblems","documentCount","storePath","storeProblems",
               "recordCount"} and "damagedRecords": [{"bundle","type","id"}] when stored
               records do not decode (problems are lists of sentences, empty when sound)

    Exit status 5 when a problem is found; the message says how to repair it. Ctrl-C stops
    waiting (exit status 130); spotlightd finishes the check, which changes nothing.

    EXAMPLE:
      spotlightctl check
    """

    static func run(_ args: Arguments, _ context: Context) async throws -> ExitCode {
        try args.requireNoPositionals()
        let json = args.has("--json")
        let sigint = Interrupt.exitOn(CLIError(.interrupted, "check interrupted: spotlightctl stopped waiting; "
            + "spotlightd finishes the check it started, which only reads: nothing was changed"), json: json)
        defer { sigint.cancel() }
        let result: ConsistencyReport = try await context.daemon.call(.check, [String: String](), timeout: .seconds(24 * 3600))
        if json {
            try Terminal.printJSON(result)
        } else {
            print("index  \(result.indexPath): " + (result.indexProblems.isEmpty ? "ok" : "\(result.indexProblems.count) problems")
                + " (\(result.documentCount) documents)")
            for problem in result.indexProblems { print("  \(problem)") }
            print("store  \(result.storePath): " + (result.storeProblems.isEmpty ? "ok" : "\(result.storeProblems.count) problems")
                + " (\(result.recordCount) records)")
            for problem in result.storeProblems { print("  \(problem)") }
        }
        let damaged = result.damagedRecords ?? []
        if !damaged.isEmpty, damaged.count == result.storeProblems.count {
            Terminal.warning("\(damaged.count) stored record\(damaged.count == 1 ? " does" : "s do") not decode "
                + "and \(damaged.count == 1 ? "is" : "are") left out of the index and of answers; donate "
                + "\(damaged.count == 1 ? "it" : "them") again (`spotlightctl rebuild --from-apps` asks every app, "
                + "or `spotlightctl import` an export) or restore a backup of the store", json: json)
            return .problems
        }
        if !result.storeProblems.isEmpty {
            Terminal.warning("the record store is damaged; stop spotlightd, copy the data directory aside, "
                + "and re-donate with `spotlightctl rebuild --from-apps` (or import an export)", json: json)
            return .problems
        }
        if !result.indexProblems.isEmpty {
            Terminal.warning("the index is damaged; `spotlightctl rebuild` re-derives it from the store", json: json)
            return .problems
        }
        return .ok
    }
}

/// `spotlightctl compact`: the index compacted into a fresh generation.
enum CompactCommand: Command {
    static let name = "compact"
    static let summary = "compact the index into a fresh generation, swapped in atomically"
    static let options = OptionSpec(flags: ["--json"])
    static let help = """
    spotlightctl compact — spotlightd writes a compacted copy of the index (Xapian's compaction)
    and swaps it in atomically, like a rebuild; queries and donations go on meanwhile. A
    compaction cannot be cancelled: Ctrl-C stops waiting (exit status 130, saying so) and
    spotlightd goes on with it.

    USAGE: spotlightctl compact [--json]

    OPTIONS:
      --json   print {"bytesBefore","bytesAfter","seconds","sequence"}

    EXAMPLE:
      spotlightctl compact
    """

    static func run(_ args: Arguments, _ context: Context) async throws -> ExitCode {
        try args.requireNoPositionals()
        let sigint = Interrupt.exitOn(CLIError(.interrupted, "compact interrupted: spotlightctl stopped waiting, but "
            + "a compaction cannot be cancelled and goes on in spotlightd, which swaps it in when done (`spotlightctl "
            + "status` says compacting until then); queries and donations go on meanwhile"), json: args.has("--json"))
        defer { sigint.cancel() }
        let result: CompactResult = try await context.daemon.call(.compact, [String: String](), timeout: .seconds(24 * 3600))
        if args.has("--json") {
            try Terminal.printJSON(result)
            return .ok
        }
        print("compacted the index from \(Terminal.bytes(result.bytesBefore)) to \(Terminal.bytes(result.bytesAfter)) "
            + "in \(String(format: "%.2f", result.seconds)) s")
        return .ok
    }
}
