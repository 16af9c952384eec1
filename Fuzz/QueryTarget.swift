// libFuzzer target: the query parser and compiler (docs/query.md) over a real Xapian index.
// Built by tools/fuzz together with Sources/SpotlightCore/Index and CXapian's objects, not by
// `swift build`. The input is the query text (invalid UTF-8 arrives as replacement
// characters, as it does from the wire). Any text must search without a crash, and a query
// that answers must page within its limit; only over-long text may be refused.
import Foundation
import SpotlightModel

/// A temp index of a few records with words, fields, ranges, domains and spelling data,
/// made once per process and removed at exit.
private let fuzzIndex: SearchIndex = {
    let path = NSTemporaryDirectory() + "spotlight-fuzz-query-\(getpid())"
    let index = try! SearchIndex.openWritable(path: path)
    let when = Date(timeIntervalSince1970: 1_780_000_000)
    try! index.replace([
        Record(bundle: "com.example.CometCal", type: "EventEntity", id: "1", title: "Supernova viewing party",
               subtitle: "On the roof", synonyms: ["stargazing"], keywords: ["astro", "sky"],
               properties: ["location": .string("roof"), "startDate": .date(when), "rank": .int(7),
                            "price": .double(2.5), "public": .bool(true),
                            "link": .url(URL(string: "https://example.com/a")!),
                            "tags": .array([.enumCase("night"), .string("café")])],
               domain: "work.team", rankingHint: 40),
        Record(bundle: "com.example.CometCal", type: "EventEntity", id: "2", title: "Eclipse lecture",
               keywords: ["astronomy"], properties: ["startDate": .date(when.addingTimeInterval(86_400 * 40)),
                                                     "rank": .int(12)], domain: "work"),
        Record(bundle: "com.example.Notes", type: "NoteEntity", id: "3", title: "Comet and meteor shower notes",
               subtitle: "CAFÉ parties", properties: ["location": .enumCase("garden")], domain: "home"),
    ])
    try! index.commit(lastAppliedSequence: 3)
    atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "spotlight-fuzz-query-\(getpid())") }
    return index
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuery(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // The length picks the options, so every feature of a search sees fuzzed text.
    let query = SearchQuery(text: text, offset: size % 3, limit: 1 + size % 5,
                            sort: size % 4 == 1 ? SearchSort(by: "startDate", descending: true) : nil,
                            facets: ["bundle", "location"], snippets: SnippetOptions(length: 40, html: size % 2 == 0),
                            spelling: size % 2 == 0 ? .retry : .suggest, completions: 3, explain: size % 3 == 0)
    do {
        let result = try fuzzIndex.search(query, now: Date(timeIntervalSince1970: 1_790_000_000))
        precondition(result.hits.count <= query.limit, "\(result.hits.count) hits for limit \(query.limit): \(text)")
    } catch let error as SpotlightError {
        precondition(error.code == .invalidInput && text.utf8.count > 16 * 1024,
                     "query text refused: \(error) for \(text.debugDescription)")
    } catch {
        preconditionFailure("not a SpotlightError: \(error) for \(text.debugDescription)")
    }
    return 0
}
