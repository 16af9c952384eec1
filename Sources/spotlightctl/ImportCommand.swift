import Foundation
import SpotlightModel
import SpotlightProtocol

/// `spotlightctl import FILE.jsonl --bundle B`: records in batches, a bad line named by number.
/// The file is streamed: a batch is read, checked and donated before the next is read.
enum ImportCommand: Command {
    static let name = "import"
    static let summary = "donate records from a JSON-lines file (as `export` writes them)"
    static let options = OptionSpec(values: ["--bundle", "--batch"], flags: ["--strict", "--json"])
    static let help = """
    spotlightctl import — donate the records of a JSON-lines file (one record per line, in the
    form `export` writes and docs/records.md documents) to one bundle, in batches. A record
    with the same key replaces the stored one.

    USAGE: spotlightctl import FILE.jsonl --bundle B [--strict] [--batch N] [--json]

    OPTIONS:
      --bundle B   the bundle the records belong to: a line without "bundle" gets B, a line
                   of another bundle is a bad line.
                   spotlightd must have been started with `--grant B`.
      --strict     check every line first and import nothing if one is bad (exit 1);
                   without it bad lines are reported by number, skipped, and the exit status is 5
      --batch N    records per donation (1...2000, default 1000; fewer where they would
                   pass 8 MiB of JSON, half of what one message may hold)
      --json       print {"bundle","imported","skipped"} (records donated, bad lines
                   skipped); on stderr each bad line is {"line":N,"skipped":"why"} (with
                   --strict {"line":N,"bad":"why"}) and progress
                   {"done":N,"progress":"import","total":M}, one JSON object a line

    FILE - reads standard input; a device other than a terminal (/dev/zero) is refused. The
    file is read and donated a batch at a time, so memory stays small whatever its size. A
    line over 16 MiB is a bad line, reported as soon as it passes 16 MiB; after 256 MiB in a
    row of such lines (an input without newlines) the import stops (exit 1). --strict reads
    it twice (standard input or a pipe is first copied to a temporary file, which stops
    the same way after 256 MiB in a row of lines over 16 MiB, importing nothing). Progress, in
    lines: a bar on a terminal, otherwise a line per second.

    EXAMPLE:
      spotlightctl export --bundle com.example.apple-samplecode.CometCal > cometcal.jsonl
      spotlightctl import cometcal.jsonl --bundle com.example.apple-samplecode.CometCal
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
        let strict = args.has("--strict")
        let json = args.has("--json")
        let progress = ProgressReporter(label: "import", json: json)
        // Ctrl-C ends it saying how far it got: the batches donated stay, and running it
        // again is safe. From here: --strict copies standard input before reading a line.
        let stop = ImportStop(file: file, json: json, progress: progress)
        let sigint = Interrupt.handle { stop.interrupt() }
        defer { sigint.cancel() }
        let input = try InputFile.open(file, rereadable: strict)
        defer { input.close() }
        // --strict reads the file twice: every line checked, then the records donated.
        var total: Int? = nil
        if strict {
            var bad = (count: 0, first: 0)
            total = try await RecordLines(input: input, bundle: bundle).forEach { line, record in
                defer { stop.handled(line: line) }
                guard case .bad(let reason) = record else { return }
                Terminal.error(json ? Self.badLineJSON(line: line, reason: reason, key: "bad")
                                    : "spotlightctl: \(file):\(line): \(reason)")
                bad = (bad.count + 1, bad.count == 0 ? line : bad.first)
            }
            if bad.count > 0 {
                throw CLIError(.failure, "import stopped at line \(bad.first) of \(file) (\(bad.count) bad lines); "
                    + "nothing was imported. Fix the lines, or import without --strict to skip them.")
            }
        } else if input.rereadable {
            total = try RecordLines(input: input, bundle: bundle).count()
        }
        var donation = StreamingDonation(batchSize: batchSize) { batch in
            let _: WriteResult = try await context.daemon.call(.donate, DonateParams(records: batch))
        }
        var skipped = 0
        let lines: Int
        do {
            lines = try await RecordLines(input: input, bundle: bundle).forEach { line, record in
                defer { stop.handled(line: line) }
                switch record {
                case .record(let record):
                    if try await stop.donating({ donation.donated }, { try await donation.add(record) }) {
                        progress.update(done: line - 1, total: total)
                    }
                case .bad(let reason):
                    Terminal.error(json ? Self.badLineJSON(line: line, reason: reason, key: "skipped")
                                        : "spotlightctl: \(file):\(line): skipped: \(reason)")
                    skipped += 1
                }
            }
            try await stop.donating({ donation.donated }) { try await donation.finish() }
        } catch let error as CLIError where error.code == .interrupted {
            throw error   // its message says how far it got
        } catch {
            // Stopped partway (spotlightd stopped, a record refused): say what is stored already.
            progress.finish()
            if donation.donated > 0 {
                Terminal.warning("the import stopped after storing \(Terminal.counted(donation.donated, "record")) "
                    + "of \(file == "-" ? "stdin" : file); importing it again is safe: a record donated again replaces itself",
                    json: json)
            }
            throw error
        }
        progress.update(done: lines, total: total ?? lines)
        progress.finish()
        if json {
            try Terminal.printJSON(ImportResult(bundle: bundle, imported: donation.donated, skipped: skipped))
            return skipped == 0 ? .ok : .problems
        }
        let note = skipped == 0 ? "" : " (\(Terminal.counted(skipped, "bad line")) skipped)"
        print("imported \(Terminal.counted(donation.donated, "record")) into \(bundle)\(note)")
        return skipped == 0 ? .ok : .problems
    }

    /// What `import --json` prints: the bundle, the records donated and the bad lines skipped.
    struct ImportResult: Encodable {
        var bundle: String
        var imported: Int
        var skipped: Int
    }

    /// A bad line for `--json`: `{"line":3,"skipped":"id is missing"}`, or with `key` "bad"
    /// under `--strict`, where nothing is imported.
    static func badLineJSON(line: Int, reason: String, key: String) -> String {
        let object: JSONValue = .object(["line": .int(Int64(line)), key: .string(reason)])
        return String(decoding: object.serializedWithSortedKeys(), as: UTF8.self)
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
            if let problem = NumberDoesNotFit.carried(by: error) {
                // A property's message names the record and the property; a field's, only the number.
                guard case .dataCorrupted(let context) = error, !context.codingPath.isEmpty else { return problem.message }
                return describe(error)
            }
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
