/// KDE's `org.kde.krunner1`, answered by a ``SearchBackend``.
///
/// A match is `(id, text, icon, type, relevance, properties)`: the ``ResultIdentifier``, the
/// record's title, the app's icon name, `PossibleMatch` (30; `ExactMatch`, 100, when the title
/// is what was typed, folded as the search folds it), a relevance from the score relative to
/// the best hit, and `subtext` (the app and subtitle), `category` (the app's name, so KRunner
/// groups by app) and `actions` (none). A result of an app that is gone is an
/// `InformationalMatch` (50): shown, not runnable.
enum KRunnerRunner {
    static let interfaceName = "org.kde.krunner1"

    enum MatchType: Int32 {
        case possible = 30
        case informational = 50
        case exact = 100
    }

    static func interface(_ backend: SearchBackend) -> BusInterface {
        typealias Argument = BusMethod.Argument
        return BusInterface(name: interfaceName, methods: [
            BusMethod(name: "Actions", inputs: [], outputs: [Argument(name: "matches", signature: "a(sss)")]) { _ in
                .values([.array(of: "(sss)", [])])
            },
            BusMethod(name: "Match", inputs: [Argument(name: "query", signature: "s")],
                      outputs: [Argument(name: "matches", signature: "a(sssida{sv})")]) { arguments in
                let query = arguments[0].stringValue ?? ""
                let results = await backend.search(query.split(whereSeparator: \.isWhitespace).map(String.init))
                return .values([.array(of: "(sssida{sv})", results.map { match($0, query: query, best: results.first?.score) })])
            },
            BusMethod(name: "Run", inputs: [Argument(name: "matchId", signature: "s"), Argument(name: "actionId", signature: "s")],
                      outputs: []) { arguments in
                let action = arguments[1].stringValue ?? ""
                guard action.isEmpty else {
                    backend.log.warning("KRunner asked for action \"\(action)\", which this runner does not offer")
                    return .error(name: BusReply.invalidArgs, message: "this runner has no action \"\(action)\"; "
                        + "its only action is the default one (\"\")")
                }
                return GnomeShellSearchProvider.reply(to: await backend.open(arguments[0].stringValue ?? ""))
            },
            BusMethod(name: "Teardown", inputs: [], outputs: []) { _ in
                backend.forgetRecent()
                return .none
            },
            BusMethod(name: "Config", inputs: [], outputs: [Argument(name: "config", signature: "a{sv}")]) { _ in
                .values([.variantDictionary([])])
            },
        ])
    }

    /// Whether what was typed is the result's title, folded as the search folds it: case,
    /// accents and width ignored, words compared whatever the spaces between them.
    static func isWholeTitle(_ query: String, of result: DesktopResult) -> Bool {
        let typed = query.split(whereSeparator: \.isWhitespace), title = result.title.split(whereSeparator: \.isWhitespace)
        return typed.count == title.count && zip(typed, title).allSatisfy { word, titleWord in
            word.compare(titleWord, options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]) == .orderedSame
        }
    }

    static func match(_ result: DesktopResult, query: String, best: Double?) -> BusValue {
        let type: MatchType
        if !result.app.isInstalled {
            type = .informational
        } else if isWholeTitle(query, of: result) {
            type = .exact
        } else {
            type = .possible
        }
        let relevance = best.map { $0 > 0 ? min(1, max(0.01, result.score / $0)) : 0.5 } ?? 0.5
        return .structure([
            .string(result.identifier.string),
            .string(result.title),
            .string(result.app.isInstalled ? result.app.icon ?? "" : ""),
            .int32(type.rawValue),
            .double(relevance),
            .variantDictionary([
                ("subtext", .string(result.description)),
                ("category", .string(result.app.name)),
                ("actions", .strings([])),
            ]),
        ])
    }
}
