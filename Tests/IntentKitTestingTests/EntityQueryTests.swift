import Foundation
import SpotlightModel
import Testing
import IntentKitTesting

// Entity definitions: the app's queries, Spotlight, view annotations.

let items = fixture.entities["ItemEntity"]

@Test func entitiesMatchingRunsTheStringQuery() async throws {
    let results = try await items.entities(matching: "tart")
    #expect(results.count == 1)
    #expect(try results[0].title == "Lemon Tart")
}

@Test func entitiesForIdentifiersRunsEntitiesFor() async throws {
    let results = try await items.entities(identifiers: ["pretzel", "apple"])
    #expect(Set(results.map { $0.id }) == ["pretzel", "apple"])
}

@Test func suggestedAndAllEntities() async throws {
    #expect(try await items.suggestedEntities().count == 2)
    #expect(try await items.allEntities().count == 3)
}

@Test func spotlightQueryFindsWhatWasDonated() async throws {
    #expect(try await items.spotlightQuery("Quasar Crumble").isEmpty)
    try await donate([item("q1", "Quasar Crumble")], in: sharedFixtureEnvironment)
    let after = try await items.spotlightQuery("Quasar Crumble")
    #expect(after.count == 1)
    #expect(try after[0].title == "Quasar Crumble")
}

@Test func spotlightQueryIsScopedToTheAppAndTheEntityType() async throws {
    try await donate([item("n1", "Nebula Nougat")], in: sharedFixtureEnvironment)
    try await donate([item("n2", "Nebula Nougat", type: "OtherEntity")], in: sharedFixtureEnvironment)
    try await donate([item("n3", "Nebula Nougat", bundle: otherBundle)], in: sharedFixtureEnvironment)
    let found = try await items.spotlightQuery("Nebula Nougat")
    #expect(found.map { $0.id } == ["n1"])
}

@Test func spotlightQueryNilListsEverythingOfTheType() async throws {
    try await donate([item("l1", "Listed One"), item("l2", "Listed Two")], in: sharedFixtureEnvironment)
    let all = try await items.spotlightQuery(nil)
    let ids = Set(all.map { $0.id })
    #expect(ids.isSuperset(of: ["l1", "l2"]))
}

@Test func viewAnnotationsReportTheOpenedEntity() async throws {
    let environment = privateEnvironment()
    let app = IntentDefinitions(bundleIdentifier: fixtureBundle, environment: environment)
    defer { environment.shutdown() }
    try await app.intents["OpenItemIntent"].makeIntent(target: "Pretzel").run()
    let annotations = try await app.entities["ItemEntity"].viewAnnotations()
    #expect(annotations.count == 1)
    #expect(try annotations[0].entity.title == "Pretzel")
    #expect(annotations[0].isSelected)
}

@Test func aQueryReadsItsDependencyBeforeAnyIntentMadeIt() async throws {
    let books = try await fixture.entities["ShelfBookEntity"].entities(matching: "emma")
    #expect(books.map { $0.id } == ["Emma"])
}

/// Regression: 10,000 hits were asked for in one call, so records of a few KiB each made an
/// answer over the message limit and the query failed with "ask for less".
@Test func spotlightQueryOfRecordsOverAMessageInAllIsAskedForInPages() async throws {
    let environment = privateEnvironment(grants: [fixtureBundle])
    let app = IntentDefinitions(bundleIdentifier: fixtureBundle, environment: environment)
    defer { environment.shutdown() }
    // 21.6 KB a record (title and title property), 900 of them: over 16 MiB; words too long
    // to index, so quick to donate.
    let filler = (0..<50).map { String(repeating: "x", count: 210) + "\($0) " }.joined()
    let records = (0..<900).map { item("big\($0)", "Big \($0) " + filler) }
    for start in stride(from: 0, to: records.count, by: 200) {
        try await donate(Array(records[start..<min(start + 200, records.count)]), in: environment)
    }
    let all = try await app.entities["ItemEntity"].spotlightQuery(nil)
    #expect(all.count == 900)
    #expect(Set(all.map { $0.id }).count == 900)
}

// The talk's test-first string query: before the app's query is an EntityStringQuery, the
// test fails saying what to build.
@Test func aQueryTheAppHasNotBuiltYetSaysWhichConformanceIsMissing() async {
    let ghosts = fixture.entities["GhostEntity"]
    #expect(await errorMessage { _ = try await ghosts.entities(matching: "Boo") }
        == "GhostEntity's query is not an EntityStringQuery, so entities(matching:) is not available")
    #expect(await errorMessage { _ = try await ghosts.allEntities() }
        == "GhostEntity's query is not an EnumerableEntityQuery, so allEntities() is not available")
}

@Test func aTransferableEntityIsExportedFromTheAppProcess() async throws {
    let items = fixture.entities["ItemEntity"]
    let json = try await items.exported(id: "pretzel", as: "public.json")
    #expect(String(decoding: json, as: UTF8.self) == #"{"title":"Pretzel","flavor":"salty"}"#)
    let text = try await items.exported(id: "apple", as: "public.plain-text")
    #expect(String(decoding: text, as: UTF8.self) == "Apple Pie", "its title, through the proxy")
    let anyText = try await items.exported(id: "apple", as: "public.text")
    #expect(String(decoding: anyText, as: UTF8.self).hasPrefix("{"), "JSON is text: the first representation that is")
}

@Test func anExportOfATypeTheEntityDoesNotExportSaysWhichItDoes() async throws {
    do {
        _ = try await fixture.entities["ItemEntity"].exported(id: "pretzel", as: "public.png")
        Issue.record("a PNG export succeeded")
    } catch let error as SpotlightError {
        #expect(error.code == .invalidInput)
        #expect(error.message.contains("public.json, public.utf8-plain-text, public.plain-text"), "\(error)")
    }
}
