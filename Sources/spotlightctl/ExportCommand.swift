import Foundation
import SpotlightModel
import SpotlightProtocol

/// `spotlightctl export`: every stored record (of a bundle, of a type) as JSON lines.
enum ExportCommand: Command {
    static let name = "export"
    static let summary = "write stored records as JSON lines (what `import` reads)"
    static let options = OptionSpec(values: ["--bundle", "--type", "--output"])
    static let help = """
    spotlightctl export — write every stored record, or those of one bundle or type, as JSON
    lines in key order (bundle, type, id), exactly as donated (docs/records.md). Expired
    records are left out. `export`, then `delete --all`, then `import` gives back the same records.
    A stored record that does not decode is skipped and named on standard error; the others
    are exported and the exit status is 5.

    USAGE: spotlightctl export [--bundle B] [--type T] [--output FILE]

    OPTIONS:
      --bundle B     only records of bundle B
      --type T       only records of entity type T
      --output FILE  write to FILE instead of standard output; FILE is replaced only once
                     the export is complete, so a failed export leaves it as it was

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
        let sigint = file.map { file in RebuildCommand.onInterrupt { file.discard(); exit(ExitCode.interrupted.rawValue) } }
        defer { sigint?.cancel() }
        let output = file?.handle ?? FileHandle.standardOutput
        var params = ExportParams(bundle: args.value("--bundle"), type: args.value("--type"), limit: 1000)
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
            for key in page.damaged ?? [] {
                Terminal.error("spotlightctl: skipped \(key): its stored record does not decode; donate it again "
                    + "or restore a backup of the store")
            }
            damaged += page.damaged?.count ?? 0
            params.after = page.next
        } while params.after != nil
        try file?.commit()
        if args.value("--output") != nil || Terminal.stdoutIsTerminal == false || damaged > 0 {
            Terminal.error("exported \(Terminal.counted(count, "record"))" + (damaged > 0 ? ", skipped \(damaged) that do not decode" : ""))
        }
        return damaged > 0 ? .problems : .ok
    }
}

/// `export --output FILE`: written beside FILE under another name and renamed over it only
/// once the export is complete, so an export that fails (spotlightd not running, a lost
/// connection, Ctrl-C) leaves the previous file as it was instead of empty or cut short.
final class OutputFile: Sendable {
    let path: String
    let partial: String
    let handle: FileHandle

    init(_ path: String) throws {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue { throw CLIError(.failure, "\(path) is a directory; give --output a file path") }
        let url = URL(fileURLWithPath: path)
        self.path = path
        partial = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).partial").path
        // The file it replaces keeps its permissions (an export holds every record's text).
        let mode = exists ? (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] : nil
        guard FileManager.default.createFile(atPath: partial, contents: nil, attributes: mode.map { [.posixPermissions: $0] }),
              let handle = FileHandle(forWritingAtPath: partial) else {
            throw CLIError(.failure, "cannot create \(path); check the directory exists and is writable")
        }
        self.handle = handle
    }

    /// Puts the complete export in place of `path`.
    func commit() throws {
        try handle.synchronize()
        try handle.close()
        guard rename(partial, path) == 0 else {
            throw CLIError(.failure, "cannot write \(path): \(String(cString: strerror(errno))); check the directory is writable")
        }
    }

    /// Removes what an unfinished export wrote (nothing once committed).
    func discard() {
        try? handle.close()
        unlink(partial)
    }
}
