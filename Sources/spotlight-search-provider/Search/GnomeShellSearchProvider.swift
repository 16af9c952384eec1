/// GNOME Shell's `org.gnome.Shell.SearchProvider2`, answered by a ``SearchBackend``.
///
/// Results are ``ResultIdentifier`` strings; their metas carry the record's title as `name`,
/// the app's name (and the record's subtitle) as `description`, and the app's icon as `icon`
/// (a serialized GIcon) and `gicon`. A result of an app that is no longer installed has no icon,
/// says "not installed", and activating it copies its title (`clipboardText`) instead of
/// opening anything.
enum GnomeShellSearchProvider {
    static let interfaceName = "org.gnome.Shell.SearchProvider2"
    static let openFailed = "org.spotlightlinux.SearchProvider.Error.OpenFailed"

    static func interface(_ backend: SearchBackend) -> BusInterface {
        typealias Argument = BusMethod.Argument
        return BusInterface(name: interfaceName, methods: [
            BusMethod(name: "GetInitialResultSet", inputs: [Argument(name: "terms", signature: "as")],
                      outputs: [Argument(name: "results", signature: "as")]) { arguments in
                let results = await backend.search(arguments[0].stringsValue ?? [])
                return .values([.strings(results.map(\.identifier.string))])
            },
            // The terms are a refinement of the previous ones; searching them afresh finds what
            // a prefix match on the last word now adds, at the cost of one fast query.
            BusMethod(name: "GetSubsearchResultSet",
                      inputs: [Argument(name: "previous_results", signature: "as"), Argument(name: "terms", signature: "as")],
                      outputs: [Argument(name: "results", signature: "as")]) { arguments in
                let results = await backend.search(arguments[1].stringsValue ?? [])
                return .values([.strings(results.map(\.identifier.string))])
            },
            BusMethod(name: "GetResultMetas", inputs: [Argument(name: "identifiers", signature: "as")],
                      outputs: [Argument(name: "metas", signature: "aa{sv}")]) { arguments in
                let lookups = await backend.results(for: arguments[0].stringsValue ?? [])
                return .values([.array(of: "a{sv}", lookups.map(meta))])
            },
            BusMethod(name: "ActivateResult",
                      inputs: [Argument(name: "identifier", signature: "s"), Argument(name: "terms", signature: "as"),
                               Argument(name: "timestamp", signature: "u")], outputs: []) { arguments in
                reply(to: await backend.open(arguments[0].stringValue ?? ""))
            },
            // There is no results window to hand the search to; like pressing Enter on the
            // first result, it opens the best result its app can show.
            BusMethod(name: "LaunchSearch",
                      inputs: [Argument(name: "terms", signature: "as"), Argument(name: "timestamp", signature: "u")],
                      outputs: []) { arguments in
                let terms = arguments[0].stringsValue ?? []
                guard let outcome = await backend.openBest(terms) else {
                    backend.log.info("LaunchSearch \(terms): no result has an installed app to open it")
                    return .none
                }
                return reply(to: outcome)
            },
        ])
    }

    /// One result's `a{sv}` for GetResultMetas.
    static func meta(_ result: DesktopResult) -> BusValue {
        var pairs: [(String, BusValue)] = [
            ("id", .string(result.identifier.string)),
            ("name", .string(result.title)),
            ("description", .string(result.description)),
        ]
        if result.app.isInstalled, let icon = result.app.icon {
            pairs.append(("icon", serializedIcon(icon)))
            pairs.append(("gicon", .string(icon)))
        }
        if !result.app.isInstalled { pairs.append(("clipboardText", .string(result.title))) }
        return .variantDictionary(pairs)
    }

    /// The `a{sv}` for one identifier GetResultMetas was asked about: the result's, else one
    /// that names what is missing (GNOME Shell needs a meta with an `id` and a `name` per
    /// identifier, or it shows none of the provider's results).
    static func meta(_ lookup: SearchBackend.Lookup) -> BusValue {
        switch lookup {
        case .found(let result):
            return meta(result)
        case .notAResult(let string):
            return .variantDictionary([("id", .string(string)), ("name", .string(string.isEmpty ? "?" : string)),
                                       ("description", .string("not a result of this provider"))])
        case .missing(let id, let app, let lookupFailed):
            let why = lookupFailed ? "spotlightd is not answering" : "not in the index"
            return .variantDictionary([("id", .string(id.string)), ("name", .string(id.key.id.isEmpty ? id.key.type : id.key.id)),
                                       ("description", .string("\(app.name) · \(why)"))])
        }
    }

    /// GIcon's serialized form (`g_icon_serialize`): `('file', <'file:///…'>)` for an absolute
    /// path, else `('themed', <['name']>)` for an icon-theme name.
    static func serializedIcon(_ icon: String) -> BusValue {
        if icon.hasPrefix("/") {
            let uri = "file://" + (icon.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? icon)
            return .structure([.string("file"), .variant(.string(uri))])
        }
        return .structure([.string("themed"), .variant(.strings([icon]))])
    }

    static func reply(to outcome: SearchBackend.OpenOutcome) -> BusReply {
        switch outcome {
        case .opened, .notOpenable, .stillOpening, .cannotShow: return .none
        case .failed(let message): return .error(name: openFailed, message: message)
        }
    }
}
