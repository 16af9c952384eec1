import Foundation
import SpotlightKit
import SpotlightModel
import Synchronization
import Testing

/// `CSSearchQuery` with Core Spotlight's query strings, written as Apple's samples write it,
/// against a real spotlightd holding the app's items.
@Suite struct CoreSpotlightQueryTests {
    static func item(_ id: String, _ title: String, _ description: String? = nil,
                     domain: String? = nil, start: Date? = nil, seats: Int? = nil) -> CSSearchableItem {
        let attributes = CSSearchableItemAttributeSet(contentType: .text)
        attributes.title = title
        attributes.contentDescription = description
        attributes.startDate = start
        if let seats { attributes.set("seats", .int(seats)) }
        return CSSearchableItem(uniqueIdentifier: id, domainIdentifier: domain, attributeSet: attributes)
    }

    static let june = ISO8601DateFormatter().date(from: "2026-06-01T20:00:00Z")!

    /// A daemon holding five items of the test bundle.
    static func sky() async throws -> DaemonProcess {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = daemon.index()
        try await index.indexSearchableItems([
            item("1", "Supernova party", "Rooftop, bring a telescope", domain: "calendar.home", start: june, seats: 12),
            item("2", "Nova Scotia trip", "Ferry and hotel", domain: "calendar.travel", start: june.addingTimeInterval(86_400 * 30), seats: 4),
            item("3", "Café meeting", "Hotelier association", domain: "calendar.work", start: june.addingTimeInterval(-86_400 * 30), seats: 8),
            item("4", "Lecture", nil),
            item("5", "Résumé review", "CV"),
        ])
        return daemon
    }

    static func found(_ queryString: String, _ daemon: DaemonProcess, context: CSSearchQueryContext? = nil) async throws -> [String] {
        let query = CSSearchQuery(queryString: queryString, queryContext: context, index: daemon.index())
        var ids: [String] = []
        for try await result in query.results { ids.append(result.item.uniqueIdentifier) }
        return ids.sorted()
    }

    @Test func aWildcardStringMatchesTheWholeValueAndCaseOnlyWithC() async throws {
        let sky = try await Self.sky()
        #expect(try await Self.found(#"title == "*nova*"cd"#, sky) == ["1", "2"])
        #expect(try await Self.found(#"title == "*nova*""#, sky) == ["1"])
        #expect(try await Self.found(#"title == "nova""#, sky).isEmpty)
    }

    @Test func dFoldsDiacritics() async throws {
        let sky = try await Self.sky()
        #expect(try await Self.found(#"title == "cafe*"cd"#, sky) == ["3"])
        #expect(try await Self.found(#"title == "cafe*"c"#, sky).isEmpty)
        #expect(try await Self.found(#"title == "resume*"cd"#, sky) == ["5"])
    }

    @Test func wMatchesFromTheStartOfAWord() async throws {
        let sky = try await Self.sky()
        #expect(try await Self.found(#"contentDescription == "hotel*"cdw"#, sky) == ["2", "3"])
        #expect(try await Self.found(#"contentDescription == "tel*"cdw"#, sky) == ["1"])
        #expect(try await Self.found(#"contentDescription == "bring a"cw"#, sky) == ["1"])
    }

    @Test func andOrNotAndParenthesesCombineComparisons() async throws {
        let sky = try await Self.sky()
        #expect(try await Self.found(#"(title == "*nova*"c || title == "lecture"c) && !(domainIdentifier == "calendar.travel")"#, sky)
            == ["1", "4"])
        #expect(try await Self.found(#"contentDescription != "cv"c"#, sky) == ["1", "2", "3", "4"])
        #expect(try await Self.found(#"contentDescription != "cv""#, sky) == ["1", "2", "3", "4", "5"])
    }

    @Test func theStarAttributeIsEveryTextAttribute() async throws {
        let sky = try await Self.sky()
        #expect(try await Self.found(#"* == "ferry*"cdw"#, sky) == ["2"])
    }

    @Test func numbersAndDatesCompareAndInRangeIncludesBothEnds() async throws {
        let sky = try await Self.sky()
        #expect(try await Self.found("seats >= 8", sky) == ["1", "3"])
        #expect(try await Self.found("InRange(seats, 4, 8)", sky) == ["2", "3"])
        #expect(try await Self.found("startDate > $time.iso(2026-06-15T00:00:00Z)", sky) == ["2"])
        #expect(try await Self.found("InRange(startDate, $time.iso(2026-05-01), $time.iso(2026-06-02))", sky) == ["1", "3"])
        #expect(try await Self.found("startDate < $time.now", sky) == ["1", "2", "3"])
    }

    @Test func fetchAttributesLimitTheFoundItemsAttributes() async throws {
        let sky = try await Self.sky()
        let context = CSSearchQueryContext()
        context.fetchAttributes = ["title"]
        let query = CSSearchQuery(queryString: #"title == "Supernova*""#, queryContext: context, index: sky.index())
        var items: [CSSearchableItem] = []
        for try await result in query.results { items.append(result.item) }
        #expect(items.map(\.uniqueIdentifier) == ["1"])
        #expect(items.first?.attributeSet.title == "Supernova party")
        #expect(items.first?.attributeSet.contentDescription == nil)
        #expect(items.first?.domainIdentifier == "calendar.home")
    }

    @Test func filterQueriesNarrowTheQuery() async throws {
        let sky = try await Self.sky()
        let context = CSSearchQueryContext()
        context.filterQueries = [#"domainIdentifier == "calendar.*""#, "seats > 5"]
        #expect(try await Self.found(#"title == "*""#, sky, context: context) == ["1", "3"])
    }

    @Test func handlersGetTheItemsThenNil() async throws {
        let sky = try await Self.sky()
        let query = CSSearchQuery(queryString: #"title == "*e*"cd"#, attributes: ["title"], index: sky.index())
        let found = Mutex<[String]>([])
        query.foundItemsHandler = { items in
            let ids = items.map(\.uniqueIdentifier)
            found.withLock { $0 += ids }
        }
        let error: (any Error)? = await withCheckedContinuation { continuation in
            query.completionHandler = { continuation.resume(returning: $0) }
            query.start()
        }
        #expect(error == nil)
        #expect(found.withLock { $0.sorted() } == ["1", "3", "4", "5"])
        #expect(query.foundItemCount == 4)
    }

    @Test func aMalformedQueryStringSaysWhereAndWhatWasExpected() async throws {
        let sky = try await Self.sky()
        let error = await #expect(throws: SpotlightError.self) { try await Self.found(#"title == "nova"cd &&"#, sky) }
        #expect(error?.code == .invalidInput)
        #expect(error?.message.contains("character 21 expected an attribute name, found the end") == true, "\(error?.message ?? "")")
    }

    @Test func aPatternOfManyStarsAgainstALongValueIsMatchedInSeconds() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        try await daemon.index().indexSearchableItems([Self.item("long", "long", String(repeating: "ab ", count: 80_000))])
        let stars = String(repeating: "*a", count: 50)
        var found: [String] = []
        var missed: [String] = ["?"]
        let elapsed = try await ContinuousClock().measure {
            found = try await Self.found(#"contentDescription == "\#(stars)b"w"#, daemon)
            missed = try await Self.found(#"contentDescription == "\#(stars)c"cw || contentDescription == "\#(stars)c""#, daemon)
        }
        #expect(found == ["long"])
        #expect(missed.isEmpty)
        #expect(elapsed < .seconds(30), "\(elapsed)")
    }

    @Test func aNumberTooLargeForADoubleIsRefusedSayingSo() async throws {
        let sky = try await Self.sky()
        let error = await #expect(throws: SpotlightError.self) { try await Self.found("seats < 1e999", sky) }
        #expect(error?.code == .invalidInput)
        #expect(error?.message.contains("character 9 expected a number within ±1.7e308") == true, "\(error?.message ?? "")")
    }

    @Test func aTimeOffsetPastTheYears0001To9999IsRefusedSayingSo() async throws {
        let sky = try await Self.sky()
        // yesterday(Int.min) once overflowed (the process died); this_year(Int.max) was this year.
        for (text, unit) in [("$time.this_year(-9223372036854775808)", "this_year"), ("$time.now(9223372036854775807)", "now"),
                             ("$time.today(99999999)", "today"), ("$time.yesterday(-9223372036854775808)", "yesterday"),
                             ("$time.this_year(9223372036854775807)", "this_year"),
                             ("$time.this_week(9223372036854775807)", "this_week")] {
            let error = await #expect(throws: SpotlightError.self) { try await Self.found("startDate > " + text, sky) }
            #expect(error?.message.contains("expected a $time.\(unit)(N) within the years 0001-9999") == true, "\(error?.message ?? "")")
        }
    }

    @Test func parenthesesNestedDeeperThanTheLimitAreRefusedNotOverflowingTheStack() async throws {
        let sky = try await Self.sky()
        // As deep as a query string within its length limit can nest.
        let deep = String(repeating: "(", count: 8_000) + #"title == "Lecture""# + String(repeating: ")", count: 8_000)
        let error = await #expect(throws: SpotlightError.self) { try await Self.found(deep, sky) }
        #expect(error?.code == .invalidInput)
        #expect(error?.message.contains("more than 100 deep (at character 101)") == true, "\(error?.message ?? "")")
    }

    @Test func aLongRunOfNotsIsRefusedNotOverflowingTheStack() async throws {
        let sky = try await Self.sky()
        let error = await #expect(throws: SpotlightError.self) {
            try await Self.found(String(repeating: "!", count: 10_000) + #"title == "Lecture""#, sky)
        }
        #expect(error?.code == .invalidInput)
        #expect(error?.message.contains("nests parentheses and ! more than 100 deep") == true, "\(error?.message ?? "")")
    }

    @Test func nestingUpToTheLimitIsRead() async throws {
        let sky = try await Self.sky()
        let nested = String(repeating: "(", count: 99) + "!" + #"title != "Lecture""# + String(repeating: ")", count: 99)
        #expect(try await Self.found(nested, sky) == ["4"])
    }

    @Test func aChainOfSixHundredComparisonsIsMatched() async throws {
        let sky = try await Self.sky()
        let chain = (0..<600).map { #"title == "none \#($0)""# }.joined(separator: " || ") + #" || title == "Lecture""#
        #expect(try await Self.found(chain, sky) == ["4"])
        let all = Array(repeating: #"title == "*e*"c"#, count: 600).joined(separator: " && ")
        #expect(try await Self.found(all, sky) == ["1", "3", "4", "5"])
    }

    @Test func aCancelledQueryFindsNothingMore() async throws {
        let sky = try await Self.sky()
        let query = CSSearchQuery(queryString: #"title == "*""#, queryContext: nil, index: sky.index())
        query.cancel()
        #expect(query.isCancelled)
        await #expect(throws: CancellationError.self) { for try await _ in query.results {} }
    }

    @Test func aQueryStartedAfterCancelGivesItsCompletionHandlerCancellationError() async throws {
        let sky = try await Self.sky()
        let query = CSSearchQuery(queryString: #"title == "*""#, queryContext: nil, index: sky.index())
        let outcome = Mutex<(items: Int, error: (any Error)?, called: Bool)>((0, nil, false))
        query.foundItemsHandler = { items in outcome.withLock { $0.items += items.count } }
        query.completionHandler = { error in outcome.withLock { $0.error = error; $0.called = true } }
        query.cancel()
        query.start()
        let deadline = ContinuousClock.now + .seconds(10)
        while !outcome.withLock({ $0.called }), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        let (items, error, called) = outcome.withLock { ($0.items, $0.error, $0.called) }
        #expect(called, "the completion handler was not called")
        #expect(error is CancellationError)
        #expect(items == 0)
    }

    @Test func itemsBeyondOnePageAreAllFound() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = daemon.index()
        try await index.indexSearchableItems((0..<2_500).map { Self.item("i\($0)", "item \($0)", $0 % 2 == 0 ? "even" : "odd") })
        let found = try await Self.found(#"contentDescription == "even""#, daemon)
        #expect(found.count == 1_250)
        #expect(Set(found) == Set((0..<2_500).filter { $0 % 2 == 0 }.map { "i\($0)" }))
    }

    static func responses(_ text: String, _ daemon: DaemonProcess, _ context: CSUserQueryContext? = nil) async throws
        -> (items: [CSSearchableItem], suggestions: [String]) {
        var items: [CSSearchableItem] = []
        var suggestions: [String] = []
        for try await response in CSUserQuery(userQueryString: text, userQueryContext: context, index: daemon.index()).responses {
            switch response {
            case .item(let found): items.append(found.item)
            case .suggestion(let suggestion): suggestions.append(String(suggestion.suggestion.localizedAttributedSuggestion.characters))
            }
        }
        return (items, suggestions)
    }

    @Test func aUserQueryFindsTheAppsItemsByWordsAsTyped() async throws {
        let sky = try await Self.sky()
        let found = try await Self.responses("rooftop supern", sky)
        #expect(found.items.map(\.uniqueIdentifier) == ["1"])
        #expect(found.items.first?.attributeSet.contentDescription == "Rooftop, bring a telescope")
        #expect(found.suggestions.isEmpty)
    }

    @Test func aUserQuerySuggestsTheTextWithItsLastWordCompleted() async throws {
        let sky = try await Self.sky()
        let context = CSUserQueryContext()
        context.maxSuggestionCount = 3
        context.fetchAttributes = ["title"]
        let found = try await Self.responses("rooftop supern", sky, context)
        #expect(found.suggestions == ["rooftop supernova"])
        #expect(found.items.first?.attributeSet.title == "Supernova party")
        #expect(found.items.first?.attributeSet.contentDescription == nil)
    }

    @Test func aUserQueryReturnsAtMostMaxResultCountItemsThatMatchTheFilters() async throws {
        let sky = try await Self.sky()
        let context = CSUserQueryContext()
        context.maxResultCount = 2
        #expect(try await Self.responses("", sky, context).items.count == 2)
        context.maxResultCount = 20
        context.filterQueries = ["seats > 5"]
        #expect(try await Self.responses("", sky, context).items.map(\.uniqueIdentifier).sorted() == ["1", "3"])
    }

    @Test func aUserQueryWithAMaxResultCountAboveTenThousandFindsTheItems() async throws {
        let sky = try await Self.sky()
        let context = CSUserQueryContext()
        context.maxResultCount = .max
        let found = try await Self.responses("", sky, context)
        #expect(found.items.count == 5)
    }

    @Test func aQueryStringOverTheTextLimitIsRefusedSayingSo() async throws {
        let sky = try await Self.sky()
        let long = "title == \"" + String(repeating: "x", count: 20_000) + "\""
        let error = await #expect(throws: SpotlightError.self) { try await Self.found(long, sky) }
        #expect(error?.code == .invalidInput)
        #expect(error?.message.contains("the limit is 16384") == true, "\(error?.message ?? "")")
    }

    @Test func aControlCharacterWhereTheQueryStringBreaksIsShownEscaped() async throws {
        let sky = try await Self.sky()
        let error = await #expect(throws: SpotlightError.self) { try await Self.found("title\u{0} == \"a\"", sky) }
        #expect(error?.message.contains(#"found "\0 == "a"""#) == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("\u{0}") == false)
    }

    @Test func caseInsensitiveMatchingFoldsACharacterThatFoldsToTwoAsTheValueDoes() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        try await daemon.index().indexSearchableItems([Self.item("i1", "İstanbul trip")])
        #expect(try await Self.found(#"title == "İstanbul*"c"#, daemon) == ["i1"])
        #expect(try await Self.found(#"title == "i̇stanbul trip"c"#, daemon) == ["i1"])
    }

    @Test func aMainActorModelKeepsTheItemsItIterates() async throws {
        let sky = try await Self.sky()
        let model = await SearchModel(index: sky.index())
        try await model.search(#"title == "*nova*"cd"#)
        #expect(await model.foundIDs == ["1", "2"])
    }
}

/// A search screen's model as an app keeps one: found items in a main-actor property.
@MainActor final class SearchModel {
    let index: CSSearchableIndex
    var found: [CSSearchableItem] = []
    var foundIDs: [String] { found.map(\.uniqueIdentifier).sorted() }
    init(index: CSSearchableIndex) { self.index = index }

    func search(_ queryString: String) async throws {
        let context = CSSearchQueryContext()
        context.fetchAttributes = ["title"]
        let query = CSSearchQuery(queryString: queryString, queryContext: context, index: index)
        found = []
        for try await result in query.results { found.append(result.item) }
    }
}
