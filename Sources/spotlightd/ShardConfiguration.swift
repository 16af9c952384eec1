import Foundation
import SpotlightCore
import SpotlightModel

/// The shard layout of spotlightd, from `--shard` flags and a `--shards-config` file
/// (docs/scale-out.md). One shard per line: a name, a database, the bundles it holds.
///
/// ```
/// # name   database                     bundles (comma-separated)
/// games    tcp://127.0.0.1:7001         org.debian.packages
/// notes    /var/lib/spotlight/replica   com.example.notes
/// timeout-ms      2000
/// reprobe-seconds 2
/// ```
/// `--shard "games tcp://127.0.0.1:7001 org.debian.packages"` is one such line. A relative
/// local path in a file is read from the file's directory, in a flag from the working directory.
enum ShardConfiguration {
    /// One line of shard configuration: where it came from (`FILE:N` or `--shard`), its text, and
    /// the directory its relative paths start from (nil: the working directory).
    typealias Line = (origin: String, text: String, directory: String?)

    /// Parses the lines of a shard configuration (flags' values, then a file's lines).
    ///
    /// - Throws: `UsageError` naming the line and what is wrong with it.
    static func layout(lines: [Line]) throws(UsageError) -> ShardLayout? {
        var layout = ShardLayout(shards: [])
        for (origin, raw, directory) in lines {
            let text = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let first = words.first else { continue }
            switch first {
            case "timeout-ms":
                guard words.count == 2, let n = Int(words[1]), n > 0 else {
                    throw UsageError("\(origin): write timeout-ms N with N > 0 milliseconds")
                }
                layout.timeoutMilliseconds = n
            case "reprobe-seconds":
                guard words.count == 2, let n = Double(words[1]), n > 0 else {
                    throw UsageError("\(origin): write reprobe-seconds N with N > 0")
                }
                layout.reprobeInterval = n
            default:
                layout.shards.append(try shard(words, origin: origin, directory: directory))
            }
        }
        let names = layout.shards.map(\.name)
        if let repeated = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw UsageError("the shard name \(repeated) is used twice; give each shard its own name")
        }
        // Lines that name no shard come only from a config file (a --shard flag is one or an
        // error): without this, a front whose file lost its shards ran as a plain local daemon.
        if layout.shards.isEmpty, let (origin, _, _) = lines.first {
            let file = origin.split(separator: ":").dropLast().joined(separator: ":")
            throw UsageError("the shards config \(file) lists no shard; give one per line as NAME DATABASE "
                + "BUNDLE[,BUNDLE...] (docs/scale-out.md), or leave --shards-config out to run without shards")
        }
        return layout.shards.isEmpty ? nil : layout
    }

    /// Reads a `--shards-config` file into lines named `FILE:N`. Lines end in `\n` or `\r\n`:
    /// a file saved with Windows line endings reads the same (Swift keeps `\r\n` as one
    /// Character, which a split on `"\n"` never meets). Relative paths in them start from the
    /// file's directory, as a replica kept beside the file is written `replica`, wherever
    /// spotlightd was started (systemd starts it in `/`).
    static func lines(ofFile path: String) throws(UsageError) -> [Line] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw UsageError("cannot read the shards config \(path); check the path and its permissions")
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
            .map { ("\(path):\($0.offset + 1)", String($0.element), directory) }
    }

    private static func shard(_ words: [String], origin: String, directory: String?) throws(UsageError) -> Shard {
        guard words.count == 3 else {
            throw UsageError("\(origin): a shard is NAME DATABASE BUNDLE[,BUNDLE...] "
                + "(e.g. games tcp://127.0.0.1:7001 org.debian.packages), got \(words.joined(separator: " "))")
        }
        var spec: DatabaseSpec
        do {
            spec = try DatabaseSpec(parsing: words[1])
        } catch {
            throw UsageError("\(origin): \((error as? SpotlightError)?.message ?? "\(error)")")
        }
        if case .combined = spec {
            throw UsageError("\(origin): a shard is one database; list each as its own shard")
        }
        if case .local(let path) = spec, !path.hasPrefix("/"), let directory {
            spec = .local(path: URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: directory, isDirectory: true))
                .standardizedFileURL.path)
        }
        let bundles = words[2].split(separator: ",").map(String.init)
        return Shard(name: words[0], database: spec, bundles: bundles)
    }
}
