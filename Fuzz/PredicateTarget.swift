// libFuzzer target: Core Spotlight's query strings (ItemPredicateParser, what
// `CSSearchQuery(queryString:)` reads in the app's process) and matching what they parse to
// against a few records. Built by tools/fuzz, not by `swift build`.
// Invariants: any text parses or throws `invalidInput`, never traps; a parsed predicate matches
// any record without trapping, the same way twice.
import Foundation
import SpotlightModel

/// The one name ItemAttributes.swift takes from the rest of SpotlightKit, which the target
/// does not compile (SearchableItem.swift: the record type of Core Spotlight's items).
enum SearchableItem { static let recordType = "CSSearchableItem" }

private let now = Date(timeIntervalSince1970: 1_780_000_000)

private let records: [Record] = [
    Record(bundle: "com.example.fuzz", type: "Event", id: "1", title: "Café Nova", subtitle: "über *stars*",
           keywords: ["night", "sky"],
           properties: ["startDate": .date(now), "level": .int(3), "rating": .double(4.5),
                        "tags": .array([.string("a"), .string("ß")]), "done": .bool(true)]),
    Record(bundle: "com.example.fuzz", type: "CSSearchableItem", id: "n?2", title: "",
           properties: ["level": .string("high"), "count": .array([.int(1), .int(-2), .int(Int.max)]),
                        "rating": .double(-.greatestFiniteMagnitude), "url": .url(URL(string: "https://example.com/a")!)],
           domain: "a.b.c"),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPredicate(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let predicate: ItemPredicate
    do {
        predicate = try ItemPredicateParser.parse(text, now: now)
    } catch let error as SpotlightError {
        precondition(error.code == .invalidInput, "a query string failed as \(error.code), not invalidInput: \(text)")
        return 0
    } catch {
        preconditionFailure("a query string threw \(error), not a SpotlightError: \(text)")
    }
    for record in records {
        precondition(predicate.matches(record) == predicate.matches(record), "a match changed: \(text)")
    }
    return 0
}
