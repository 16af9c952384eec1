import Foundation
import SpotlightModel
import SpotlightProtocol

/// `spotlightctl synonyms --bundle B [--set FILE | --replace FILE | --clear] [--json]`: show or
/// change a bundle's synonym table.
enum SynonymsCommand: Command {
    static let name = "synonyms"
    static let summary = "show or set a bundle's synonym table (tv -> television)"
    static let options = OptionSpec(values: ["--bundle", "--set", "--replace"], flags: ["--json", "--clear"])
    static let help = """
    spotlightctl synonyms — show or change a bundle's synonym table: a query word then also
    finds that bundle's records holding one of its synonyms (never another bundle's). A term
    is one word; a synonym of several words matches records holding all of them. Terms and
    synonyms are kept folded (lower case, no diacritics). Changing a table needs spotlightd
    started with `--grant B`.

    USAGE: spotlightctl synonyms --bundle B [--set FILE | --replace FILE | --clear] [--json]

    OPTIONS:
      --bundle B        the bundle (required)
      --json            print the table as a JSON object (term -> synonyms); with --set,
                        --replace or --clear, {"bundle","terms"}: the terms the table holds
                        after the change
      --set FILE        merge the JSON object in FILE ("-": stdin) into the table; a term with
                        an empty list is removed
      --replace FILE    make the JSON object in FILE the whole table
      --clear           remove every term of the table
    At most 32 synonyms per term and 10000 terms per bundle.

    EXAMPLE:
      echo '{"tv": ["television"], "nyc": ["new york"]}' > syn.json
      spotlightctl synonyms --bundle com.example.apple-samplecode.CometCal --set syn.json
      spotlightctl synonyms --bundle com.example.apple-samplecode.CometCal
    """

    static func run(_ args: Arguments, _ context: Context) async throws -> ExitCode {
        try args.requireNoPositionals()
        guard let bundle = args.value("--bundle"), !bundle.isEmpty else {
            throw CLIError.usage("synonyms needs --bundle B", command: name)
        }
        try args.exclusive(["--set", "--replace", "--clear"])
        let change: (table: [String: [String]], replace: Bool)?
        if let file = args.value("--set") {
            change = (try readTable(file), false)
        } else if let file = args.value("--replace") {
            change = (try readTable(file), true)
        } else if args.has("--clear") {
            change = ([:], true)
        } else {
            change = nil
        }
        guard let change else {
            let result: SynonymsResult = try await context.daemon.call(.synonyms, SynonymsParams(bundle: bundle))
            try show(result.synonyms, bundle: bundle, json: args.has("--json"))
            return .ok
        }
        try await context.daemon.requireWritable(bundle)
        let result: SetSynonymsResult = try await context.daemon.call(
            .setSynonyms, SetSynonymsParams(bundle: bundle, synonyms: change.table, replace: change.replace))
        if args.has("--json") {
            try Terminal.printJSON(Changed(bundle: bundle, terms: result.terms))
        } else {
            print(describe(terms: result.terms, bundle: bundle))
        }
        return .ok
    }

    /// What `synonyms --json` prints after a change: the terms the table then holds.
    struct Changed: Encodable {
        var bundle: String
        var terms: Int
    }

    /// "B has no synonym terms", "B has 1 synonym term", "B has 2 synonym terms": the same
    /// words after a change and for an empty table.
    static func describe(terms: Int, bundle: String) -> String {
        switch terms {
        case 0: return "\(bundle) has no synonym terms"
        case 1: return "\(bundle) has 1 synonym term"
        default: return "\(bundle) has \(terms) synonym terms"
        }
    }

    static func show(_ table: [String: [String]], bundle: String, json: Bool) throws {
        if json { return try Terminal.printJSON(table) }
        guard !table.isEmpty else { return print(describe(terms: 0, bundle: bundle)) }
        print(Terminal.table(["TERM", "SYNONYMS"], table.sorted { $0.key < $1.key }.map { [$0.key, $0.value.joined(separator: ", ")] }))
    }

    /// The JSON object of term -> [synonym] in `path` ("-": stdin).
    static func readTable(_ path: String) throws -> [String: [String]] {
        let data = try InputFile.read(path)
        guard case .object(let members)? = try? JSONValue.parse(data) else {
            throw CLIError(.failure, "\(path) is not a JSON object; write {\"term\": [\"synonym\", ...], ...}")
        }
        var table: [String: [String]] = [:]
        for (term, value) in members {
            guard case .array(let items) = value else {
                throw CLIError(.failure, "in \(path), \"\(term)\" is not a list; write \"\(term)\": [\"synonym\", ...]")
            }
            table[term] = try items.map { item in
                guard case .string(let text) = item else {
                    throw CLIError(.failure, "in \(path), a synonym of \"\(term)\" is not a string")
                }
                return text
            }
        }
        return table
    }
}
