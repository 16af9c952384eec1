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
/// `--shard "games tcp://127.0.0.1:7001 org.debian.packages"` is one such line.
enum ShardConfiguration {
    /// Parses the lines of a shard configuration (flags' values, then a file's lines).
    ///
    /// - Throws: `UsageError` naming the line and what is wrong with it.
    static func layout(lines: [(origin: String, text: String)]) throws(UsageError) -> ShardLayout? {
        var layout = ShardLayout(shards: [])
        for (origin, raw) in lines {
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
                layout.shards.append(try shard(words, origin: origin))
            }
        }
        let names = layout.shards.map(\.name)
        if let repeated = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw UsageError("the shard name \(repeated) is used twice; give each shard its own name")
        }
        // Lines that name no shard come only from a config file (a --shard flag is one or an
        // error): without this, a front whose file lost its shards ran as a plain local daemon.
        if layout.shards.isEmpty, let (origin, _) = lines.first {
            let file = origin.split(separator: ":").dropLast().joined(separator: ":")
            throw UsageError("the shards config \(file) lists no shard; give one per line as NAME DATABASE "
                + "BUNDLE[,BUNDLE...] (docs/scale-out.md), or leave --shards-config out to run without shards")
        }
        return layout.shards.isEmpty ? nil : layout
    }

    /// Reads a `--shards-config` file into lines named `FILE:N`. Lines end in `\n` or `\r\n`:
    /// a file saved with Windows line endings reads the same (Swift keeps `\r\n` as one
    /// Character, which a split on `"\n"` never meets).
    static func lines(ofFile path: String) throws(UsageError) -> [(origin: String, text: String)] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw UsageError("cannot read the shards config \(path); check the path and its permissions")
        }
        return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
            .map { ("\(path):\($0.offset + 1)", String($0.element)) }
    }

    private static func shard(_ words: [String], origin: String) throws(UsageError) -> Shard {
        guard words.count == 3 else {
            throw UsageError("\(origin): a shard is NAME DATABASE BUNDLE[,BUNDLE...] "
                + "(e.g. games tcp://127.0.0.1:7001 org.debian.packages), got \(words.joined(separator: " "))")
        }
        let spec: DatabaseSpec
        do {
            spec = try DatabaseSpec(parsing: words[1])
        } catch {
            throw UsageError("\(origin): \((error as? SpotlightError)?.message ?? "\(error)")")
        }
        if case .combined = spec {
            throw UsageError("\(origin): a shard is one database; list each as its own shard")
        }
        let bundles = words[2].split(separator: ",").map(String.init)
        return Shard(name: words[0], database: spec, bundles: bundles)
    }
}
