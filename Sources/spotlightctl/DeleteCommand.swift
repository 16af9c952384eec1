import Foundation
import SpotlightModel
import SpotlightProtocol

/// `spotlightctl delete --bundle B ...`: one selector, confirmed on a terminal unless `--yes`.
enum DeleteCommand: Command {
    static let name = "delete"
    static let summary = "delete records of one bundle (by ids, domain, type or all)"
    static let options = OptionSpec(values: ["--bundle", "--domain", "--type"], lists: ["--ids"], flags: ["--all", "--yes", "-y", "--json"])
    static let help = """
    spotlightctl delete — delete records of one bundle. spotlightd must have been started with
    `--grant B` to let spotlightctl write bundle B.

    USAGE: spotlightctl delete --bundle B (--type T --ids ID ... | --domain D | --type T | --all) [--yes] [--json]

    OPTIONS:
      --bundle B     the bundle (required)
      --ids ID ...   these identifiers (with --type T)
      --domain D     every record in domain D and below it (D covers D.x)
      --type T       every record of entity type T
      --all          every record of the bundle
      --yes, -y      do not ask; without it delete asks on a terminal and refuses elsewhere
      --json         print {"bundle","deleted","sequence"} and what was asked to delete:
                     "type" and "ids", "domain", "type" or "all"; "deleted" counts the records
                     removed (an id not stored is not counted), "sequence" is the store's
                     sequence after the delete

    EXAMPLE:
      spotlightctl delete --bundle com.example.apple-samplecode.CometCal --type EventEntity --ids E1 E2 --yes
    """

    static func run(_ args: Arguments, _ context: Context) async throws -> ExitCode {
        try args.requireNoPositionals()
        guard let bundle = args.value("--bundle"), !bundle.isEmpty else {
            throw CLIError.usage("delete needs --bundle B", command: name)
        }
        let params: DeleteParams
        let what: String
        switch (args.list("--ids"), args.value("--domain"), args.value("--type"), args.has("--all")) {
        case let (ids, nil, type?, false) where !ids.isEmpty:
            params = DeleteParams(bundle: bundle, type: type, ids: ids)
            what = "\(ids.count) \(type) records (\(ids.joined(separator: ", "))) of \(bundle)"
        case let (ids, nil, nil, false) where !ids.isEmpty:
            throw CLIError.usage("--ids needs --type T: identifiers are unique within an entity type", command: name)
        case let ([], domain?, nil, false):
            params = DeleteParams(bundle: bundle, domain: domain)
            what = "every record of \(bundle) in domain \(domain)"
        case let ([], nil, type?, false):
            params = DeleteParams(bundle: bundle, type: type)
            what = "every \(type) record of \(bundle)"
        case ([], nil, nil, true):
            params = DeleteParams(bundle: bundle, all: true)
            what = "every record of \(bundle)"
        case ([], nil, nil, false):
            throw CLIError.usage("say what to delete: --type T --ids ID ..., --domain D, --type T or --all", command: name)
        default:
            throw CLIError.usage("give exactly one of --ids (with --type), --domain, --type or --all", command: name)
        }
        try await context.daemon.requireWritable(bundle)
        if !(args.has("--yes") || args.has("-y")) {
            guard Terminal.stdinIsTerminal else {
                throw CLIError.usage("delete asks for confirmation on a terminal; add --yes to delete \(what) without asking",
                                     command: name)
            }
            guard Terminal.confirm("Delete \(what)?") else {
                throw CLIError(.failure, "nothing deleted")
            }
        }
        let result: WriteResult = try await context.daemon.call(.delete, params)
        if args.has("--json") {
            try Terminal.printJSON(Deleted(bundle: bundle, deleted: result.count, sequence: result.sequence, type: params.type,
                                           ids: params.ids, domain: params.domain, all: params.all))
            return .ok
        }
        print("deleted \(Terminal.counted(result.count, "record")) of \(bundle)")
        return .ok
    }

    /// What `delete --json` prints: the records deleted and the selector asked for.
    struct Deleted: Encodable {
        var bundle: String
        var deleted: Int
        var sequence: UInt64
        var type: String?
        var ids: [String]?
        var domain: String?
        var all: Bool?
    }
}
