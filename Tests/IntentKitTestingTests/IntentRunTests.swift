import Foundation
import SpotlightModel
import Testing
import IntentKitTesting

// makeIntent(...).run() against the fixture app: every argument type, results read by name.

@Test func stringArgumentRoundTrips() async throws {
    let result = try await fixture.intents["EchoStringIntent"].makeIntent(value: "Occupy Saturn").run()
    #expect(result.value == "Occupy Saturn")
}

@Test func intAndDoubleArgumentsRoundTrip() async throws {
    let int = try await fixture.intents["EchoIntIntent"].makeIntent(value: 42).run()
    let double = try await fixture.intents["EchoDoubleIntent"].makeIntent(value: 2.5).run()
    #expect(int.value == 42)
    #expect(double.value == 2.5)
}

@Test func boolDateAndURLArgumentsRoundTrip() async throws {
    let date = Date(timeIntervalSince1970: 1_780_000_000)
    let url = URL(string: "https://example.com/launch")!
    let bool = try await fixture.intents["EchoBoolIntent"].makeIntent(value: true).run()
    let echoedDate = try await fixture.intents["EchoDateIntent"].makeIntent(value: date).run()
    let echoedURL = try await fixture.intents["EchoURLIntent"].makeIntent(value: url).run()
    #expect(bool.value == true)
    #expect(echoedDate.value == AppValue(.date(date)))
    #expect(echoedURL.value == "https://example.com/launch")
}

@Test func enumArgumentByRawValueOrByMakeCase() async throws {
    let byString = try await fixture.intents["EchoFlavorIntent"].makeIntent(flavor: "sour").run()
    let byCase = try await fixture.intents["EchoFlavorIntent"]
        .makeIntent(flavor: fixture.enums["Flavor"].makeCase("salty")).run()
    #expect(byString.value == "sour")
    #expect(byCase.value == "salty")
}

@Test func entityArgumentByStringQueryTakesTheFirstMatch() async throws {
    let result = try await fixture.intents["EchoItemIntent"].makeIntent(item: "lemon").run()
    #expect(try result.value.id == "lemon")
    #expect(try result.value.title == "Lemon Tart")
}

@Test func entityArgumentByReference() async throws {
    let reference = fixture.entities["ItemEntity"].makeReference(identifier: "pretzel")
    let result = try await fixture.intents["EchoItemIntent"].makeIntent(item: reference).run()
    #expect(try result.value.title == "Pretzel")
}

@Test func returnedEntityChainsIntoTheNextIntent() async throws {
    let first = try await fixture.intents["EchoItemIntent"].makeIntent(item: "Apple").run()
    let second = try await fixture.intents["EchoItemIntent"].makeIntent(item: first.value).run()
    #expect(try second.value.id == "apple")
}

@Test func optionalArgumentMayBeNilOrGiven() async throws {
    let none: String? = nil
    let absent = try await fixture.intents["EchoOptionalIntent"].makeIntent(note: none).run()
    let given = try await fixture.intents["EchoOptionalIntent"].makeIntent(note: "hello").run()
    let noArguments = try await fixture.intents["EchoOptionalIntent"].makeIntent().run()
    #expect(absent.value == "(none)")
    #expect(given.value == "hello")
    #expect(noArguments.value == "(none)")
}

@Test func arrayArgumentRoundTrips() async throws {
    let result = try await fixture.intents["EchoArrayIntent"].makeIntent(numbers: [3, 1, 2]).run()
    let numbers: [Int] = try #require([Int](appValue: result.value))
    #expect(numbers == [3, 1, 2])
}

@Test func hiddenTestOnlyIntentRuns() async throws {
    let result = try await fixture.intents["HiddenTestIntent"].makeIntent().run()
    #expect(result.value == "hidden intent ran")
}

@Test func propertiesReadAsTheTypeTheyAreComparedWith() async throws {
    let result = try await fixture.intents["EchoItemIntent"].makeIntent(item: "pretzel").run()
    #expect(try result.value.title == "Pretzel")
    #expect(try result.value.stock == 12)
    #expect(try result.value.stock == 12.0)
    #expect(try result.value.flavor == "salty")
    #expect(try result.value.flavor == fixture.enums["Flavor"].makeCase("salty"))
    #expect(try result.value.subtitle == "salty")
}

@Test func nilOptionalPropertyReadsAsNil() async throws {
    let result = try await fixture.intents["EchoItemIntent"].makeIntent(item: "lemon").run()
    let stock: Int? = try result.value.stock
    #expect(stock == nil)
    #expect(try result.value.stock == nil)
}

@Test func missingPropertyThrowsNamingItAndListingThoseThatExist() async throws {
    let result = try await fixture.intents["EchoItemIntent"].makeIntent(item: "apple").run()
    let message = await errorMessage { _ = try result.value.colour as String }
    #expect(message.contains("'colour'"))
    #expect(message.contains("it has flavor, stock, title, id, subtitle"))
}

@Test func propertyReadAsTheWrongTypeSaysWhatItIs() async throws {
    let result = try await fixture.intents["EchoItemIntent"].makeIntent(item: "apple").run()
    let message = await errorMessage { _ = try result.value.title as Int }
    #expect(message.contains("Apple Pie"))
    #expect(message.contains("does not read as Int"))
}

@Test(arguments: [Int.max, Int.min, 9_007_199_254_740_993, -9_007_199_254_740_993, 9_007_199_254_740_992])
func everyIntRoundTripsThroughTheAppExactly(_ n: Int) async throws {
    let result = try await fixture.intents["EchoIntIntent"].makeIntent(value: n).run()
    #expect(result.value.content == .int(n))
}

@Test(arguments: [-0.0, 1e308, -1e308, Double.leastNonzeroMagnitude, Double.leastNormalMagnitude, 0.1, 2.0, Double.greatestFiniteMagnitude])
func everyDoubleRoundTripsThroughTheAppBitForBit(_ d: Double) async throws {
    let result = try await fixture.intents["EchoDoubleIntent"].makeIntent(value: d).run()
    guard case .double(let back) = result.value.content else {
        Issue.record("\(d) came back as \(result.value)")
        return
    }
    #expect(back.bitPattern == d.bitPattern)
}

@Test func anIntentOpenedByAResultRunsAfterIt() async throws {
    let environment = privateEnvironment()
    let app = IntentDefinitions(bundleIdentifier: fixtureBundle, environment: environment)
    defer { environment.shutdown() }
    let restocked = try await app.intents["RestockItemIntent"].makeIntent(item: "Lemon Tart").run()
    #expect(try restocked.value.title == "Lemon Tart")
    let annotations = try await app.entities["ItemEntity"].viewAnnotations()
    #expect(try annotations.map { try $0.entity.title } == ["Lemon Tart"])
}

@Test func aMeasurementArgumentReachesTheAppAndComesBackInTheBaseUnit() async throws {
    let echoed = try await fixture.intents["EchoRadiusIntent"]
        .makeIntent(radius: Measurement(value: 2.5, unit: UnitLength.kilometers)).run()
    #expect(try echoed.value == 2500.0)
}

@Test func aFileArgumentIsReadByTheAppAndAReturnedFileIsWrittenForTheTest() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shout-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let note = directory.appendingPathComponent("note.txt")
    try Data("hello".utf8).write(to: note)
    let shouted = try await fixture.intents["ShoutFileIntent"].makeIntent(note: note).run()
    let returned: URL = try shouted.value.as(URL.self)
    defer { try? FileManager.default.removeItem(at: returned.deletingLastPathComponent()) }
    #expect(returned.lastPathComponent == "LOUD-note.txt")
    #expect(try String(contentsOf: returned, encoding: .utf8) == "HELLO")
}

@Test func aFileArgumentForAMissingFileIsRefusedNamingThePath() async throws {
    let message = await errorMessage {
        try await fixture.intents["ShoutFileIntent"].makeIntent(note: URL(fileURLWithPath: "/nonexistent/note.txt")).run()
    }
    #expect(message.contains("no file at /nonexistent/note.txt"), "\(message)")
}

@Test func dateComponentsReachTheAppAndComeBackAsISO8601Text() async throws {
    let echoed = try await fixture.intents["EchoTimeIntent"].makeIntent(time: DateComponents(hour: 7, minute: 45)).run()
    #expect(try echoed.value == "07:45")
}

@Test func aCurrencyAmountReachesTheAppAsAnAmountAndACode() async throws {
    let echoed = try await fixture.intents["EchoAmountIntent"].makeIntent(amount: "12.50 USD").run()
    #expect(try echoed.value == "12.5 USD")
}

@Test func caseOfAnEnumUsedByAParameterButNotListedInEnumsIsGiven() async throws {
    let locker = try await fixture.intents["OpenLockerIntent"]
        .makeIntent(number: 4, size: fixture.enums["LockerSize"].makeCase("large")).run()
    #expect(locker.dialog == "large locker 4")
}

@Test func deleteIntentRunsWithTheEntitiesChainedFromEarlierResults() async throws {
    let three = try await fixture.intents["OpenLockerIntent"].makeIntent(number: 3).run()
    let five = try await fixture.intents["OpenLockerIntent"].makeIntent(number: 5).run()
    let emptied = try await fixture.intents["EmptyLockersIntent"].makeIntent(entities: [three.value, five.value]).run()
    #expect(emptied.dialog == "emptied 3, 5")
}

@Test func showInAppSearchResultsIntentRunsWithTheTermGivenAsAString() async throws {
    let result = try await fixture.intents["SearchItemsIntent"].makeIntent(criteria: "tart").run()
    let items: [AnyAppEntity] = try result.value
    #expect(try items.map { try $0.title as String } == ["Lemon Tart"])
}
