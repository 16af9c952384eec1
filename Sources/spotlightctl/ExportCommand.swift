import Foundation
import Synchronization
import SpotlightModel
import SpotlightProtocol

/// `spotlightctl export`: every stored record (of a bundle, of a type) as JSON lines.
enum ExportCommand: Command {
    static let name = "export"
    static let summary = "write stored records as JSON lines (what `import` reads)"
    static let options = OptionSpec(values: ["--bundle", "--type", "--output"], flags: ["--json"])
    static let help = """
    spotlightctl export — write every stored record, or those of one bundle or type, as JSON
    lines in key order (bundle, type, id), exactly as donated (docs/records.md). Expired
    records are left out. `export`, then `delete --all`, then `import` gives back the same records.
    A stored record that does not decode is skipped and named on standard error; the others
    are exported and the exit status is 5.

    USAGE: spotlightctl export [--bundle B] [--type T] [--output FILE] [--json]

    OPTIONS:
      --bundle B     only records of bundle B
      --type T       only records of entity type T
      --output FILE  write to FILE instead of standard output; FILE is replaced only once
                     the export is complete, so a failed export leaves it as it was (a
                     symbolic link stays: the file it leads to is replaced; a FIFO or a
                     device such as /dev/stdout is written into, never replaced)
      --json         on standard error, one JSON object a line: progress
                     {"done":N,"progress":"export","total":M} (the first with "done":0;
                     "total" absent when status did not answer), a record
                     skipped {"skipped":KEY,"why":"..."} and at the end {"exported":N,"skipped":M}

    Progress goes to standard error, only with --output or when standard error is a terminal,
    so records piped on standard output come alone: a bar on a terminal, otherwise a line
    per second ("export: N/TOTAL", TOTAL the records stored, expired ones included, as
    `status` counts them).

    Ctrl-C stops it with exit status 130 and an error saying how many records were written:
    with --output FILE, FILE is not written (left as it was; the partial copy is removed; a
    FIFO or a device keeps what was written into it); on standard output what was written stays.

    EXAMPLE:
      spotlightctl export --bundle com.example.apple-samplecode.CometCal --type EventEntity > events.jsonl
    """

    static func run(_ args: Arguments, _ context: Context) async throws -> ExitCode {
        if !args.positionals.isEmpty {
            throw CLIError.usage("export takes no arguments, got \(args.positionals.joined(separator: " ")); "
                + "use --output FILE to name a file", command: name)
        }
        let file = try args.value("--output").map(OutputFile.init)
        defer { file?.discard() }
        let json = args.has("--json")
        let written = Atomic<Int>(0)
        // As import's: a bar on a terminal, else a line a second (JSON with --json).
        let progress = file != nil || Terminal.stderrIsTerminal ? ProgressReporter(label: "export", json: json) : nil
        // Ctrl-C: the partial file goes, and the error says so, as JSON with --json.
        let sigint = Interrupt.handle {
            file?.discard()
            progress?.finish()
            Interrupt.exit(interrupted(after: written.load(ordering: .relaxed), file: file), json: json)
        }
        defer { sigint.cancel() }
        let output = file?.handle ?? FileHandle.standardOutput
        var params = ExportParams(bundle: args.value("--bundle"), type: args.value("--type"), limit: 1000)
        // The total first, so a script knows from the start how far the export has to go.
        let total = progress == nil ? nil : await storedCount(bundle: params.bundle, type: params.type, context)
        if let total { progress?.update(done: 0, total: total) }
        var count = 0
        var damaged = 0
        repeat {
            let page: ExportResult = try await context.daemon.call(.export, params)
            var chunk = Data()
            for record in page.records {
                // The record store's form: keys sorted, slashes unescaped, numbers of their kind.
                chunk.append(try JSONValue(encoding: record).serializedWithSortedKeys())
                chunk.append(UInt8(ascii: "\n"))
            }
            do { try output.write(contentsOf: chunk) } catch { throw Terminal.outputError(error) }
            count += page.records.count
            written.store(count, ordering: .relaxed)
            for key in page.damaged ?? [] {
                let why = "its stored record does not decode; donate it again or restore a backup of the store"
                Terminal.error(json ? Self.jsonLine(["skipped": .string("\(key)"), "why": .string(why)])
                                    : "spotlightctl: skipped \(key): \(why)")
            }
            damaged += page.damaged?.count ?? 0
            params.after = page.next
            if params.after != nil { progress?.update(done: count, total: total.map { max($0, count) }) }
        } while params.after != nil
        try file?.commit()
        progress?.update(done: count, total: count)
        progress?.finish()
        if json {
            Terminal.error(Self.jsonLine(["exported": .int(Int64(count)), "skipped": .int(Int64(damaged))]))
        } else if args.value("--output") != nil || Terminal.stdoutIsTerminal == false || damaged > 0 {
            Terminal.error("exported \(Terminal.counted(count, "record"))" + (damaged > 0 ? ", skipped \(damaged) that do not decode" : ""))
        }
        return damaged > 0 ? .problems : .ok
    }

    /// The records the store holds of `bundle` and `type` (nil: all), from `status`'s counts
    /// (the store keeps them per bundle and type, so this costs no scan); nil when status
    /// does not answer. Expired records are among them, so the export may end short of it.
    static func storedCount(bundle: String?, type: String?, _ context: Context) async -> Int? {
        let answer: DaemonStatus? = try? await context.daemon.call(.status, [String: String](), timeout: .seconds(10))
        guard let status = answer else { return nil }
        return status.index.counts.filter { bundle == nil || $0.bundle == bundle }.reduce(0) { sum, count in
            sum + count.types.filter { type == nil || $0.key == type }.values.reduce(0, +)
        }
    }

    /// The error of an export stopped by Ctrl-C after `records` were written, saying what
    /// was left where.
    static func interrupted(after records: Int, file: OutputFile?) -> CLIError {
        let left = file?.leftWhenDiscarded(records: records)
            ?? "the \(Terminal.counted(records, "record")) written to standard output are a partial export"
        return CLIError(.interrupted, "export interrupted after \(Terminal.counted(records, "record")); \(left); "
            + "run it again to export everything")
    }

    /// One line of `--json`'s standard error, keys sorted.
    static func jsonLine(_ object: [String: JSONValue]) -> String {
        String(decoding: JSONValue.object(object).serializedWithSortedKeys(), as: UTF8.self)
    }
}
