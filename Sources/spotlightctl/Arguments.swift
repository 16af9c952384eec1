/// The options a command accepts. Global options (--socket, --apps-dir, --help) are added
/// to every command.
struct OptionSpec {
    /// Options that take one value (`--limit 5` or `--limit=5`); the last one given wins,
    /// or all are kept when repeated (see ``Arguments/list(_:)``).
    var values: Set<String> = []
    /// Options that take every following value up to the next option (`--ids a b c`).
    var lists: Set<String> = []
    var flags: Set<String> = []

    static let global = OptionSpec(values: ["--socket", "--apps-dir"], flags: ["--help", "-h", "--version"])

    /// Whether `arg` names one of these options (`-y` as well as `--yes`).
    func names(_ arg: String) -> Bool { values.contains(arg) || lists.contains(arg) || flags.contains(arg) }

    func merged(with other: OptionSpec) -> OptionSpec {
        OptionSpec(values: values.union(other.values), lists: lists.union(other.lists), flags: flags.union(other.flags))
    }
}

/// A parsed command line: positionals in order, option values, flags.
///
/// ```swift
/// let args = try Arguments.parse(["query", "party", "--limit", "5"], spec: spec, command: "query")
/// args.positionals   // ["query", "party"]
/// try args.int("--limit", in: 0...10_000)   // 5
/// ```
struct Arguments {
    var positionals: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var command: String?

    /// - Throws: a usage error naming an unknown option or a missing value.
    /// - Parameter lenient: skip unknown options instead of failing (to find the command word).
    static func parse(_ arguments: [String], spec: OptionSpec, command: String?, lenient: Bool = false) throws -> Arguments {
        var parsed = Arguments(command: command)
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            var arg = arguments[i]
            i += 1
            if onlyPositionals || !arg.hasPrefix("-") || arg == "-" {
                parsed.positionals.append(arg)
                continue
            }
            if arg == "--" { onlyPositionals = true; continue }
            var inline: String?
            if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
                inline = String(arg[arg.index(after: eq)...])
                arg = String(arg[..<eq])
            }
            if spec.flags.contains(arg) {
                guard inline == nil else {
                    if lenient { continue }   // the command's own parse says so, with its help
                    throw CLIError.usage("\(arg) takes no value", command: command)
                }
                parsed.flags.insert(arg)
            } else if spec.values.contains(arg) {
                if let inline {
                    parsed.values[arg, default: []].append(inline)
                } else {
                    guard i < arguments.count, !arguments[i].hasPrefix("--") else {
                        if lenient { continue }   // the command's own parse says so, with its help
                        throw CLIError.usage("\(arg) needs a value", command: command)
                    }
                    parsed.values[arg, default: []].append(arguments[i])
                    i += 1
                }
            } else if spec.lists.contains(arg) {
                var items = inline.map { [$0] } ?? []
                // Up to the next option: `--ids a b -y` ends at `-y`.
                while i < arguments.count, !arguments[i].hasPrefix("--"), !spec.names(arguments[i]) {
                    items.append(arguments[i])
                    i += 1
                }
                guard !items.isEmpty || lenient else {
                    throw CLIError.usage("\(arg) needs at least one value", command: command)
                }
                parsed.values[arg, default: []].append(contentsOf: items)
            } else if lenient {
                continue
            } else {
                let known = (spec.values.union(spec.lists).union(spec.flags)).filter { $0.hasPrefix("--") }.sorted()
                // `spotlightctl query supernova -lecture`: a hated word looks like an option.
                let hint = command == "query" && !arg.hasPrefix("--")
                    ? "; query text with a word starting with - goes after --: spotlightctl query -- \"supernova \(arg)\"" : ""
                throw CLIError.usage("unknown option \(arg); \(command ?? "spotlightctl") takes \(known.joined(separator: ", "))"
                                     + hint, command: command)
            }
        }
        return parsed
    }

    func value(_ name: String) -> String? { values[name]?.last }
    func list(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// - Throws: a usage error when the value is not a whole number in `range`.
    func int(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let n = Int(text), range.contains(n) else {
            throw CLIError.usage("\(name) needs a whole number from \(range.lowerBound) to \(range.upperBound), got \(text)",
                         command: command)
        }
        return n
    }

    /// - Throws: a usage error when the command was given words it takes none of
    ///   (`spotlightctl check index`), rather than ignoring them.
    func requireNoPositionals() throws {
        guard positionals.isEmpty else {
            throw CLIError.usage("\(command ?? "spotlightctl") takes no arguments, got \(positionals.joined(separator: " "))",
                                 command: command)
        }
    }

    /// - Throws: a usage error when more than one of `options` is given.
    func exclusive(_ options: [String]) throws {
        let given = options.filter { values[$0] != nil || flags.contains($0) }
        if given.count > 1 {
            throw CLIError.usage("\(given.joined(separator: " and ")) cannot be used together", command: command)
        }
    }
}
