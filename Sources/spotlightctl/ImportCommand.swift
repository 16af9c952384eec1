import Foundation
import SpotlightModel
import SpotlightProtocol

/// `spotlightctl import FILE.jsonl --bundle B`: records in batches, a bad line named by number.
enum ImportCommand: Command {
    static let name = "import"
    static let summary = "donate records from a JSON-lines file (as `export` writes them)"
    static let options = OptionSpec(values: ["--bundle", "--batch"], flags: ["--strict"])
    static let help = """
    spotlightctl import — donate the records of a JSON-lines file (one record per line, in the
    form `export` writes and docs/records.md documents) to one bundle, in batches. A record
    with the same key replaces the stored one.

    USAGE: spotlightctl import FILE.jsonl --bundle B [--strict] [--batch N]

    OPTIONS:
      --bundle B   the bundle the records belong to: a line without "bundle" gets B, a line
                   of another bundle is a bad line.
                   spotlightd must have been started with `--grant B`.
      --strict     check every line first and import nothing if one is bad (exit 1);
                   without it bad lines are reported by number, skipped, and the exit status is 5
      --batch N    records per donation (1...2000, default 1000; fewer where they would
                   pass 8 MiB of JSON, half of what one message may hold)

    FILE - reads standard input. Progress: a bar on a terminal, otherwise a line per second.

    EXAMPLE:
      spotlightctl export --bundle com.example.CometCal > cometcal.jsonl
      spotlightctl import cometcal.jsonl --bundle com.example.CometCal
    """

    static func run(_ args: Arguments, _ context: Context) async throws -> ExitCode {
        guard args.positionals.count == 1, let file = args.positionals.first else {
            throw CLIError.usage("import takes one FILE.jsonl", command: name)
        }
        guard let bundle = args.value("--bundle"), !bundle.isEmpty else {
            throw CLIError.usage("import needs --bundle B (the bundle the records belong to)", command: name)
        }
        let batchSize = try args.int("--batch", in: 1...2000) ?? 1000
        try await context.daemon.requireWritable(bundle)
        let (records, bad) = try readRecords(file, bundle: bundle)
        for (line, reason) in bad {
            Terminal.error("spotlightctl: \(file):\(line): \(args.has("--strict") ? "" : "skipped: ")\(reason)")
        }
        if args.has("--strict"), let first = bad.first {
            throw CLIError(.failure, "import stopped at line \(first.line) of \(file) (\(bad.count) bad lines); "
                + "nothing was imported. Fix the lines, or import without --strict to skip them.")
        }
        let progress = ProgressReporter(label: "import")
        var done = 0
        for batch in records.isEmpty ? [] : DonationLimits.batches(records, count: batchSize).map(Array.init) {
            let _: WriteResult = try await context.daemon.call(.donate, DonateParams(records: batch))
            done += batch.count
            progress.update(done: done, total: records.count)
        }
        progress.finish()
        let skipped = bad.isEmpty ? "" : " (\(Terminal.counted(bad.count, "bad line")) skipped)"
        print("imported \(Terminal.counted(done, "record")) into \(bundle)\(skipped)")
        return bad.isEmpty ? .ok : .problems
    }

    /// The records of a JSON-lines file and its bad lines (1-based number, reason). Empty lines
    /// are ignored.
    static func readRecords(_ file: String, bundle: String) throws -> ([Record], [(line: Int, reason: String)]) {
        let data = try InputFile.read(file)
        var records: [Record] = []
        var bad: [(line: Int, reason: String)] = []
        for (n, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\t") })
            else { continue }
            do {
                let record = try decodeRecord(Data(line), defaultBundle: bundle)
                guard record.bundle == bundle else {
                    bad.append((n + 1, "the record \(record.key) is of bundle \(record.bundle), not \(bundle); "
                        + "import it with --bundle \(record.bundle)"))
                    continue
                }
                // What spotlightd would refuse the whole batch for is this line's alone.
                try record.validate()
                try DonationLimits.standard.check(record)
                records.append(record)
            } catch {
                bad.append((n + 1, describe(error)))
            }
        }
        return (records, bad)
    }

    /// The record on one line, read as the daemon reads a donation (integers exact, a number
    /// that does not fit its kind refused); a line that names no bundle belongs to `defaultBundle`.
    static func decodeRecord(_ line: Data, defaultBundle: String) throws -> Record {
        guard case .object(var members) = try JSONValue.parse(line) else {
            throw SpotlightError(.invalidInput, "not a record: a record must be a JSON object")
        }
        if members["bundle"] == nil { members["bundle"] = .string(defaultBundle) }
        return try JSONValue.object(members).decode(Record.self)
    }

    /// Why a line is not a record, in a few words naming the field.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as SpotlightError: return error.message
        case let error as JSONParseError: return "not a record: invalid JSON (\(error))"
        case let error as DecodingError:
            if let problem = NumberDoesNotFit.carried(by: error) { return problem.message }
            return "not a record: " + describe(error)
        default: return "not a record: \(error)"
        }
    }

    /// `id is missing`, `properties.n.int must be Int`: the field by its path.
    static func describe(_ error: DecodingError) -> String {
        func field(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return field(context.codingPath + [key]) + " is missing"
        case .typeMismatch(let type, let context): return field(context.codingPath) + " must be \(type)"
        case .valueNotFound(let type, let context): return field(context.codingPath) + " must be \(type), not null"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? context.debugDescription : field(context.codingPath) + ": " + context.debugDescription
        @unknown default: return "\(error)"
        }
    }
}
