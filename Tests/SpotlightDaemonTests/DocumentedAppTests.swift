import Foundation
import Testing
import SpotlightKit

/// An app that donates without App Intents, written from README.md, docs/records.md and
/// docs/query.md alone, against a real spotlightd: every property kind, updates, deletes by
/// id, type and domain, a batch with its client state, every query feature, and the errors.
@Suite struct DocumentedAppTests {
    static let bundle = "com.example.test"

    static func day(_ text: String) -> Date { ISO8601.date(from: text)! }

    /// 25 events with a property of every kind; every third is on the roof and has a hint.
    static func event(_ i: Int) -> Record {
        var properties: [String: PropertyValue] = [:]
        properties["location"] = .string(i % 3 == 0 ? "Roof" : "Garden")
        properties["attendees"] = .int(i % 5)
        properties["rating"] = .double(Double(i % 4) + 0.5)
        properties["public"] = .bool(i % 2 == 0)
        properties["start"] = .date(day("2026-06-" + String(format: "%02d", i + 1) + "T20:00:00Z"))
        properties["ticketURL"] = .url(URL(string: "https://example.com/t/\(i)")!)
        properties["color"] = .enumCase(i % 2 == 0 ? "red" : "blue")
        properties["calendar"] = .entity(EntityReference(type: "CalendarEntity", id: "C\(i % 3)"))
        properties["tags"] = .array([.string(i % 2 == 0 ? "sky" : "night"), .string("stars")])
        let subtitle = i % 2 == 0 ? "Deep Space" : "Mission Control"
        let hint: Int? = i % 3 == 0 ? 60 : nil
        return Record(bundle: bundle, type: "EventEntity", id: "E\(i)", title: "Event number \(i) supernova party",
                      subtitle: subtitle, synonyms: ["Star party \(i)"], keywords: ["astronomy"],
                      properties: properties, domain: "calendar.C\(i % 3)", rankingHint: hint)
    }

    static let events = (0..<25).map(event)

    static let calendars = (0..<3).map {
        Record(bundle: bundle, type: "CalendarEntity", id: "C\($0)", title: "Calendar \($0)", domain: "calendar.C\($0)")
    }

    /// A daemon holding the events and calendars (it stops when the caller lets go of it).
    static func donated() async throws -> (DaemonProcess, SearchableIndex) {
        let daemon = try DaemonProcess()
        let index = daemon.index()
        try await index.indexRecords(events + calendars)
        return (daemon, index)
    }

    func ids(_ index: SearchableIndex, _ text: String?) async throws -> Set<String> {
        Set(try await index.query(SearchQuery(text: text, limit: 100)).hits.map(\.record.id))
    }

    func events(where keep: (Record) -> Bool) -> Set<String> { Set(Self.events.filter(keep).map(\.id)) }

    /// Every page of `query`, `size` hits at a time.
    func pages(_ index: SearchableIndex, _ query: SearchQuery, size: Int) async throws -> [String] {
        var query = query
        (query.offset, query.limit) = (0, size)
        var found: [String] = []
        while true {
            let hits = try await index.query(query).hits
            found += hits.map(\.record.id)
            if hits.count < size { return found }
            query.offset += size
        }
    }

    @Test func everyPropertyKindRoundTripsAndIsFoundByItsField() async throws {
        let (daemon, index) = try await Self.donated()
        defer { withExtendedLifetime(daemon) {} }
        #expect(try await index.records(for: [Self.events[3].key]) == [Self.events[3]])
        #expect(try await ids(index, "attendees:3") == events { $0.properties["attendees"] == .int(3) })
        #expect(try await ids(index, "rating:1.5") == events { $0.properties["rating"] == .double(1.5) })
        #expect(try await ids(index, "public:false") == events { $0.properties["public"] == .bool(false) })
        #expect(try await ids(index, "start:2026-06-03") == ["E2"])
        #expect(try await ids(index, "start:2026-06-03..2026-06-05") == ["E2", "E3", "E4"])
        #expect(try await ids(index, "start:2026-06-24..") == ["E23", "E24"])
        #expect(try await ids(index, "attendees:..1") == events { [.int(0), .int(1)].contains($0.properties["attendees"]) })
        #expect(try await ids(index, "location:roof") == events { $0.properties["location"] == .string("Roof") })
        #expect(try await ids(index, "color:red") == events { $0.properties["color"] == .enumCase("red") })
        #expect(try await ids(index, "tags:night").count == 12)
        #expect(try await ids(index, "ticketURL:example").count == 25)
        #expect(try await ids(index, "keyword:astronomy").count == 25)
        #expect(try await ids(index, "type:CalendarEntity") == ["C0", "C1", "C2"])
        #expect(try await ids(index, "domain:calendar.C1") == events { $0.domain == "calendar.C1" }.union(["C1"]))
        #expect(try await ids(index, #""number 3 supernova""#) == ["E3"])
        #expect(try await ids(index, "calend*") == ["C0", "C1", "C2"])
        #expect(try await ids(index, "supern").count == 25)
        #expect(try await ids(index, "star party 7") == ["E7"])
    }

    @Test func pagesOfEverySortNeverRepeatOrSkipARecord() async throws {
        let (daemon, index) = try await Self.donated()
        defer { withExtendedLifetime(daemon) {} }
        for by in ["attendees", "public", "location", "rating", "start", "tags", "title", "rankingHint", "type", "relevance"] {
            for descending in [false, true] {
                for text in ["supernova", "type:EventEntity", nil] {
                    let query = SearchQuery(text: text, types: ["EventEntity"], limit: 100,
                                            sort: SearchSort(by: by, descending: descending))
                    let whole = try await index.query(query).hits.map(\.record.id)
                    #expect(Set(whole).count == 25)
                    for size in [1, 7] {
                        #expect(try await pages(index, query, size: size) == whole, "\(by) \(descending) \(text ?? "") \(size)")
                    }
                }
            }
        }
    }

    @Test func facetsSnippetsSpellingSynonymsAndCompletionsAnswerAsDocumented() async throws {
        let (daemon, index) = try await Self.donated()
        defer { withExtendedLifetime(daemon) {} }
        let counted = try await index.query(SearchQuery(text: "supernova", limit: 0, facets: ["public", "tags", "rating"]))
        #expect(counted.totalLowerBound == 25 && counted.totalUpperBound == 25)
        #expect(counted.facets?["public"] == [FacetCount(value: "true", count: 13), FacetCount(value: "false", count: 12)])
        #expect(counted.facets?["tags"] == [FacetCount(value: "sky", count: 13), FacetCount(value: "night", count: 12)])
        #expect(counted.facets?["rating"]?.first == FacetCount(value: "0.5", count: 7))

        var marked = SearchQuery(text: "garden", limit: 1)
        marked.snippets = SnippetOptions(length: 30, start: "<b>", end: "</b>", html: true)
        #expect(try await index.query(marked).hits.first?.snippet?.contains("<b>Garden</b>") == true)

        let suggested = try await index.query(SearchQuery(text: "supernvoa", spelling: .suggest))
        #expect(suggested.correctedText == "supernova" && suggested.hits.isEmpty)
        let retried = try await index.query(SearchQuery(text: "supernvoa", limit: 30, spelling: .retry))
        #expect(retried.retriedWithCorrection == true && retried.hits.count == 25)

        #expect(try await index.setSynonyms(["gig": ["party"]], bundle: Self.bundle) == 1)
        #expect(try await ids(index, "gig").count == 25)
        #expect(try await index.completions(for: "supernova pa") == ["party"])
    }

    @Test func anUpdateReplacesEveryPropertyAndADeleteStaysDeletedAcrossARestart() async throws {
        let (daemon, index) = try await Self.donated()
        var replaced = Self.events[0]
        (replaced.properties, replaced.subtitle, replaced.synonyms) = (["location": .string("Cellar")], nil, [])
        (replaced.keywords, replaced.rankingHint, replaced.domain) = ([], nil, nil)
        try await index.indexRecords([replaced])
        #expect(try await index.records(for: [replaced.key]) == [replaced])
        for gone in ["attendees:..", "public:true", "start:2026-06-01", "astronomy", "domain:calendar.C0", "location:roof", "deep", "tags:sky"] {
            #expect(try await !ids(index, gone).contains("E0"), "\(gone)")
        }
        #expect(try await ids(index, "location:cellar") == ["E0"])

        #expect(try await index.deleteRecords(identifiedBy: ["E1", "E2"], ofType: "EventEntity", bundle: Self.bundle) == 2)
        #expect(try await index.deleteRecords(inDomain: "calendar.C2", bundle: Self.bundle) == 8)
        #expect(try await index.deleteRecords(ofType: "CalendarEntity", bundle: Self.bundle) == 2)
        let remaining = try await ids(index, nil)
        #expect(remaining.count == 16)
        try daemon.restart()
        #expect(try await ids(index, nil) == remaining)
        daemon.kill()
        try daemon.start()
        #expect(try await ids(index, "supernova OR calendar OR cellar") == remaining)
    }

    @Test func aBatchCommitsWithTheClientStateAndErrorsSayWhatToDo() async throws {
        let (daemon, index) = try await Self.donated()
        let batch = SearchableIndex(name: "sync", socketPath: daemon.socket)
        #expect(try await batch.clientState(bundle: Self.bundle) == nil)
        batch.beginIndexBatch()
        try await batch.indexRecords([Record(bundle: Self.bundle, type: "Note", id: "n1", title: "Batch note")])
        try await batch.deleteRecords(identifiedBy: ["E3"], ofType: "EventEntity", bundle: Self.bundle)
        #expect(try await ids(index, "batch").isEmpty)
        try await batch.endIndexBatch(expectedClientState: nil, newClientState: Data("v1".utf8))
        #expect(try await ids(index, "batch OR number") == Set(Self.events.map(\.id)).subtracting(["E3"]).union(["n1"]))
        #expect(try await index.clientState(bundle: Self.bundle) == Data("v1".utf8))

        batch.beginIndexBatch()
        try await batch.indexRecords([Record(bundle: Self.bundle, type: "Note", id: "n2", title: "Batch note two")])
        await #expect(throws: SpotlightError.self) {
            try await batch.endIndexBatch(expectedClientState: nil, newClientState: Data("v2".utf8))
        }
        #expect(try await ids(index, "batch") == ["n1"])

        let refusals: [(SpotlightError.Code, () async throws -> Void)] = [
            (.permissionDenied, { try await index.indexRecords([Record(bundle: "com.example.notmine", type: "T", id: "1", title: "x")]) }),
            (.invalidInput, { try await index.indexRecords([Record(bundle: Self.bundle, type: "T", id: "1", title: "x", rankingHint: 200)]) }),
            (.invalidInput, { _ = try await index.query(SearchQuery(text: "x", offset: -1)) }),
        ]
        for (code, call) in refusals {
            do {
                try await call()
                Issue.record("no \(code)")
            } catch let error as SpotlightError {
                #expect(error.code == code && !error.localizedDescription.isEmpty)
            }
        }
        daemon.stop()
        do {
            _ = try await SearchableIndex(socketPath: daemon.socket, reconnectWindow: .zero).query(SearchQuery(text: "x"))
            Issue.record("no unavailable")
        } catch let error as SpotlightError {
            #expect(error.code == .unavailable && error.message.contains("spotlightd --socket"))
        }
    }
}
