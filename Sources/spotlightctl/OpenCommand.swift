import Foundation
import SpotlightModel
import SpotlightProtocol

/// `spotlightctl open BUNDLE TYPE ID`: show a record in its app, as picking a search result does.
enum OpenCommand: Command {
    static let name = "open"
    static let summary = "open BUNDLE TYPE ID: show a record in the app that donated it"
    static let options = OptionSpec(flags: ["--json"])
    static let help = """
    spotlightctl open — show a record in the app that donated it, as picking a Spotlight result
    does: spotlightd launches the app by bundle identifier (or uses the running one) and the app
    runs its OpenIntent for the record's entity type. The app stays on that screen.

    USAGE: spotlightctl open BUNDLE TYPE ID [--json]

    BUNDLE, TYPE and ID are the record's key, as `spotlightctl query --json` prints it.
    It fails (exit 1, saying why) when the app is not installed, has no OpenIntent for TYPE,
    no longer has the entity, or cannot be started.

    OPTIONS:
      --json   print {"bundle","type","id","intent","appName","launched","pid"}

    EXAMPLE:
      spotlightctl query "supernova party" --json    # each hit's "bundle", "type" and "id"
      spotlightctl open com.example.apple-samplecode.CometCal EventEntity 4F2F3172-CEA6-49A2-A9AF-0D20B0C731F4
    """

    static func run(_ args: Arguments, _ context: Context) async throws -> ExitCode {
        guard args.positionals.count == 3 else {
            throw CLIError.usage("open takes BUNDLE TYPE ID (got \(args.positionals.count) arguments)", command: name)
        }
        let params = RecordKey(bundle: args.positionals[0], type: args.positionals[1], id: args.positionals[2])
        let result: OpenResult = try await context.daemon.call(.open, params)
        if args.has("--json") {
            try Terminal.printJSON(result)
        } else {
            let app = result.appName.map { "\($0) (\(result.bundle))" } ?? result.bundle
            print("opened \(result.type) \(result.id) in \(app) with \(result.intent)"
                + (result.launched ? "; launched it (pid \(result.pid.map(String.init) ?? "?"))" : ""))
        }
        return .ok
    }
}
