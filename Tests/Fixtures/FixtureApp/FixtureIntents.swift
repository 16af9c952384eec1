import Foundation
import IntentKit
import SpotlightKit
import Synchronization

// One intent per parameter type; each returns what it got.

struct EchoStringIntent: AppIntent {
    static let title = "Echo String"
    @Parameter(title: "Value") var value: String
    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: value) }
}

struct EchoIntIntent: AppIntent {
    static let title = "Echo Int"
    @Parameter(title: "Value") var value: Int
    func perform() async throws -> some IntentResult & ReturnsValue<Int> { .result(value: value) }
}

struct EchoDoubleIntent: AppIntent {
    static let title = "Echo Double"
    @Parameter(title: "Value") var value: Double
    func perform() async throws -> some IntentResult & ReturnsValue<Double> { .result(value: value) }
}

struct EchoBoolIntent: AppIntent {
    static let title = "Echo Bool"
    @Parameter(title: "Value") var value: Bool
    func perform() async throws -> some IntentResult & ReturnsValue<Bool> { .result(value: value) }
}

struct EchoDateIntent: AppIntent {
    static let title = "Echo Date"
    @Parameter(title: "Value") var value: Date
    func perform() async throws -> some IntentResult & ReturnsValue<Date> { .result(value: value) }
}

struct EchoURLIntent: AppIntent {
    static let title = "Echo URL"
    @Parameter(title: "Value") var value: URL
    func perform() async throws -> some IntentResult & ReturnsValue<URL> { .result(value: value) }
}

struct EchoFlavorIntent: AppIntent {
    static let title = "Echo Flavor"
    @Parameter(title: "Flavor") var flavor: Flavor
    func perform() async throws -> some IntentResult & ReturnsValue<Flavor> { .result(value: flavor) }
}

struct EchoItemIntent: AppIntent {
    static let title = "Echo Item"
    @Parameter(title: "Item") var item: ItemEntity
    func perform() async throws -> some IntentResult & ReturnsValue<ItemEntity> { .result(value: item) }
}

struct EchoOptionalIntent: AppIntent {
    static let title = "Echo Optional"
    @Parameter(title: "Note") var note: String?
    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: note ?? "(none)") }
}

struct EchoArrayIntent: AppIntent {
    static let title = "Echo Array"
    @Parameter(title: "Numbers") var numbers: [Int]
    func perform() async throws -> some IntentResult & ReturnsValue<[Int]> { .result(value: numbers) }
}

struct FixtureFailure: Error, CustomStringConvertible {
    var description: String { "the fixture's ThrowingIntent failed on purpose" }
}

struct ThrowingIntent: AppIntent {
    static let title = "Throw"
    // An opaque result needs a return statement; a body that only throws names the type.
    func perform() async throws -> EmptyIntentResult { throw FixtureFailure() }
}

/// Fails with an error coded `unavailable` (as an app says a service it needs is down),
/// while the app itself keeps serving.
struct UnavailableIntent: AppIntent {
    static let title = "Unavailable"
    func perform() async throws -> EmptyIntentResult {
        throw SpotlightError(.unavailable, "the fixture's backing service is down on purpose")
    }
}

struct CrashIntent: AppIntent {
    static let title = "Crash"
    func perform() async throws -> EmptyIntentResult {
        fatalError("CrashIntent crashed the fixture app on purpose")
    }
}

struct SlowIntent: AppIntent {
    static let title = "Slow"
    static let supportedModes: IntentModes = [.background, .foreground(.dynamic)]
    @Parameter(title: "Seconds", default: 5) var seconds: Double
    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        SlowIntent.counts.withLock { $0.started += 1 }
        do {
            try await Task.sleep(for: .seconds(seconds))
        } catch is CancellationError {
            SlowIntent.counts.withLock { $0.cancelled += 1 }
            throw CancellationError()
        }
        return .result(value: "slept \(seconds)s")
    }

    /// How many performs began, and how many saw their task cancelled while they slept.
    static let counts = Mutex((started: 0, cancelled: 0))
}

/// Says how many `SlowIntent`s this app process began and saw cancelled: `started 1, cancelled 0`.
struct SlowIntentCountsIntent: AppIntent {
    static let title = "Slow Intent Counts"
    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        let counts = SlowIntent.counts.withLock { $0 }
        return .result(value: "started \(counts.started), cancelled \(counts.cancelled)")
    }
}

/// Shows one item on the screen, selected (for view annotations).
struct OpenItemIntent: AppIntent {
    static let title = "Open Item"
    static let openAppWhenRun = true
    @Parameter(title: "Target") var target: ItemEntity
    func perform() async throws -> some IntentResult {
        AppScreen.shared.show([target.title, "Flavor: \(target.flavor.rawValue)"], annotations: [
            EntityAnnotation(EntityIdentifier(for: ItemEntity.self, identifier: target.id), isSelected: true),
        ])
        return .result()
    }
}

/// App Intents 2025's shape: no perform(); main.swift registers what the app does with it.
struct ShowItemIntent: TargetContentProvidingIntent {
    static let title: LocalizedStringResource = "Show Item"
    @Parameter(title: "Item") var item: ItemEntity
}

/// What main.swift registers for ``ShowItemIntent``, where Apple's app has SwiftUI's onAppIntentExecution.
@MainActor func showItem(_ intent: ShowItemIntent) {
    AppScreen.shared.show(["Showing \(intent.item.title)"], annotations: [
        EntityAnnotation(EntityIdentifier(for: ItemEntity.self, identifier: intent.item.id), isSelected: true),
    ])
}

#if DEBUG
/// Test-only: hidden from describe, runnable in debug builds.
struct HiddenTestIntent: AppIntent {
    static let isDiscoverable = false
    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: "hidden intent ran") }
}
#endif

/// The variables the app runs with that say where it may write: its HOME and XDG directories.
struct WhereAmIIntent: AppIntent {
    static let title = "Where Am I"
    func perform() async throws -> some IntentResult & ReturnsValue<[String]> {
        let environment = ProcessInfo.processInfo.environment
        return .result(value: ["HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"]
            .map { environment[$0] ?? "" })
    }
}

/// The fixture's App Shortcuts: the app's name and a parameter in phrases.
struct FixtureShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: OpenItemIntent(), phrases: ["Open \(\.$target) in \(.applicationName)",
                                                        "Show an item in \(.applicationName)"],
                    shortTitle: "Open Item", systemImageName: "shippingbox")
        AppShortcut(intent: EchoStringIntent(), phrases: ["Echo with \(.applicationName)"])
    }
    static let shortcutTileColor: ShortcutTileColor = .teal
}

extension OpenItemIntent {
    init(target: ItemEntity) {
        self.init()
        self.target = target
    }
}

/// Restocks an item and opens it, as Apple's create intents return `.result(value:opensIntent:)`.
struct RestockItemIntent: AppIntent {
    static let title = "Restock Item"
    @Parameter(title: "Item") var item: ItemEntity

    func perform() async throws -> some IntentResult & ReturnsValue<ItemEntity> & OpensIntent {
        .result(value: item, opensIntent: OpenItemIntent(target: item))
    }
}

/// Echoes a measurement, as Apple's trail sample takes a search radius.
struct EchoRadiusIntent: AppIntent {
    static let title = "Echo Radius"
    @Parameter(title: "Radius", default: 1, defaultUnit: .kilometers) var radius: Measurement<UnitLength>

    func perform() async throws -> some IntentResult & ReturnsValue<Measurement<UnitLength>> { .result(value: radius) }
}

/// Reads a file and returns a new one, as Apple's file intents take and return an `IntentFile`.
struct ShoutFileIntent: AppIntent {
    static let title = "Shout File"
    @Parameter(title: "Note", supportedContentTypes: [.plainText]) var note: IntentFile

    func perform() async throws -> some IntentResult & ReturnsValue<IntentFile> {
        let text = String(decoding: note.data, as: UTF8.self).uppercased()
        return .result(value: IntentFile(data: Data(text.utf8), filename: "LOUD-" + note.filename, type: .plainText))
    }
}

/// Echoes date components, as Apple's docs take a time of day.
struct EchoTimeIntent: AppIntent {
    static let title = "Echo Time"
    @Parameter(title: "Time") var time: DateComponents

    func perform() async throws -> some IntentResult & ReturnsValue<DateComponents> { .result(value: time) }
}

/// Echoes an amount of money, with Apple's currency parameter options.
struct EchoAmountIntent: AppIntent {
    static let title = "Echo Amount"
    @Parameter(title: "Amount", currencyCodes: ["USD", "EUR"]) var amount: IntentCurrencyAmount

    func perform() async throws -> some IntentResult & ReturnsValue<IntentCurrencyAmount> { .result(value: amount) }
}

/// A union value parameter (`@UnionValue`): a flavor, a note or a number of scoops.
@UnionValue
enum Topping {
    case flavor(Flavor)
    case note(String)
    case scoops(Int)
}

struct ChooseToppingIntent: AppIntent {
    static let title = "Choose Topping"
    @Parameter(title: "Topping") var topping: Topping

    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        let chosen = switch topping {
        case .flavor(let flavor): "flavor \(flavor.rawValue)"
        case .note(let note): "note \(note)"
        case .scoops(let count): "\(count) scoops"
        }
        return .result(value: chosen)
    }
}
