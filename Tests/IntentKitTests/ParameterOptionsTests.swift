import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// App Intents' @Parameter options as Apple writes them; inclusiveRange is enforced.

struct SoupNamesProvider: DynamicOptionsProvider {
    func results() async throws -> [String] { ["Tomato", "Minestrone"] }
}

struct RateSoupIntent: AppIntent {
    @Parameter(title: "Soup", optionsProvider: SoupNamesProvider()) var soup: String
    @Parameter(title: "Stars", default: 3, controlStyle: .stepper, inclusiveRange: (1, 5)) var stars: Int
    @Parameter(title: "Spiciness", inclusiveRange: (0.0, 1.0)) var spiciness: Double?
    @Parameter(title: "Review", inputOptions: String.IntentInputOptions(capitalizationType: .sentences, multiline: true))
    var review: String?
    @Parameter(title: "Again", default: true, displayName: Bool.IntentDisplayName(true: "Again", false: "Never"))
    var again: Bool

    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        .result(value: "\(soup) \(stars) \(spiciness ?? -1) \(again)")
    }
}

private let rateSoup = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [RateSoupIntent.self])

@Test func parametersWithApplesOptionsTakeTheirValuesAndDefaults() async throws {
    let value = try await rateSoup.run("RateSoupIntent", ["soup": .string("Tomato"), "spiciness": .double(0.5)])
    #expect(value == .value(.string("Tomato 3 0.5 true")))
}

@Test func aValueOutsideTheInclusiveRangeIsRefusedNamingTheRange() async throws {
    let error = await spotlightError { _ = try await rateSoup.run("RateSoupIntent", ["soup": .string("Tomato"), "stars": .int(6)]) }
    #expect(error?.code == .invalidInput)
    #expect(error?.message == "RateSoupIntent, parameter 'stars': 6 does not convert to int: 6 is outside 1...5")
}

struct MisdeclaredStarsIntent: AppIntent {
    @Parameter(title: "Stars", default: 10, inclusiveRange: (1, 5)) var stars: Int
    func perform() async throws -> some IntentResult & ReturnsValue<Int> { .result(value: stars) }
}

@Test func aDefaultOutsideItsOwnInclusiveRangeIsRefusedWhenItWouldBeUsed() async throws {
    let dispatcher = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [MisdeclaredStarsIntent.self])
    let error = await spotlightError { _ = try await dispatcher.run("MisdeclaredStarsIntent") }
    #expect(error?.code == .invalidInput)
    #expect(error?.message.contains("its default is refused by its own declaration: 10 is outside 1...5") == true,
            "\(String(describing: error))")
    #expect(try await dispatcher.run("MisdeclaredStarsIntent", ["stars": .int(4)]) == .value(.int(4)))
}

struct AuthorNamesOptionsProvider: DynamicOptionsProvider {
    func results() async throws -> ItemCollection<String> {
        ItemCollection {
            ItemSection("Italian Authors") {
                "Dante Alighieri"
                "Alessandro Manzoni"
            }
            ItemSection("Russian Authors") {
                "Anton Chekhov"
            }
        }
    }
}

struct CreateBookIntent: AppIntent {
    @Parameter(title: "Author Name", optionsProvider: AuthorNamesOptionsProvider()) var authorName: String
    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: authorName) }
}

@Test func aParameterWhoseOptionsComeInSectionsTakesItsValue() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [CreateBookIntent.self])
    #expect(try await app.run("CreateBookIntent", ["authorName": .string("Anton Chekhov")]) == .value(.string("Anton Chekhov")))
    let sections = try await AuthorNamesOptionsProvider().results().sections
    #expect(sections.map { $0.items.map(\.value) } == [["Dante Alighieri", "Alessandro Manzoni"], ["Anton Chekhov"]])
}

/// A provider with Apple's `defaultResult()`: the value of a parameter left out.
struct TodaysSoupProvider: DynamicOptionsProvider {
    func results() async throws -> [String] { ["Tomato", "Minestrone"] }
    func defaultResult() async -> String? { "Tomato" }
}

struct OrderTodaysSoupIntent: AppIntent {
    @Parameter(title: "Soup", optionsProvider: TodaysSoupProvider()) var soup: String
    @Parameter(title: "Second soup", optionsProvider: TodaysSoupProvider()) var second: String?
    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: soup + "/" + (second ?? "none")) }
}

@Test func aLeftOutParameterIsItsOptionsProvidersDefaultResult() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [OrderTodaysSoupIntent.self])
    #expect(try await app.run("OrderTodaysSoupIntent") == .value(.string("Tomato/Tomato")))
}

@Test func aGivenValueWinsOverTheOptionsProvidersDefaultResult() async throws {
    let app = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [OrderTodaysSoupIntent.self])
    #expect(try await app.run("OrderTodaysSoupIntent", ["soup": .string("Minestrone")]) == .value(.string("Minestrone/Tomato")))
}
