import Foundation
import Testing

/// A query widens at most 64 of its words by a synonym table (docs/query.md): one query of
/// 2500 words that all had synonyms rewrote the whole query once per word and kept spotlightd
/// busy for minutes, every other client waiting.
@Suite struct SynonymWideningBoundTests {
    func call(_ c: RawConnection, _ request: [String: Any]) throws -> [String: Any]? {
        c.send(String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self))
        return c.readJSON()
    }

    @Test func aQueryOfThousandsOfWordsWithSynonymsIsAnsweredInSeconds() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.kill() }
        let c = try RawConnection(path: daemon.socket)
        let table = Dictionary(uniqueKeysWithValues: (0..<2500).map { i in
            ("w\(i)", (0..<8).map { "s\($0) y\(i) z\($0)" })
        })
        let set = try call(c, ["jsonrpc": "2.0", "id": 1, "method": "setSynonyms",
                               "params": ["bundle": "com.example.test", "synonyms": table]])
        #expect(set?["result"] != nil, "\(String(describing: set))")
        let donated = try call(c, ["jsonrpc": "2.0", "id": 2, "method": "donate", "params": ["records": [
            ["bundle": "com.example.test", "type": "Note", "id": "n", "title": "s1 y0 z1 w1"]]]])
        #expect(donated?["result"] != nil)

        let started = ContinuousClock.now
        let text = (0..<2500).map { "w\($0)" }.joined(separator: " ")
        let answer = try call(c, ["jsonrpc": "2.0", "id": 3, "method": "query", "params": ["text": text]])
        let waited = ContinuousClock.now - started
        #expect(answer?["result"] != nil, "\(String(describing: answer))")
        #expect(waited < .seconds(10), "the query took \(waited)")
        // The first words are still widened: w0's synonym "s1 y0 z1" finds the record.
        let widened = try call(c, ["jsonrpc": "2.0", "id": 4, "method": "query", "params": ["text": "w0"]])
        #expect(((widened?["result"] as? [String: Any])?["hits"] as? [Any])?.count == 1, "\(String(describing: widened))")
    }

    /// The same for Chinese text: each term of a table whose n-grams the query holds rewrote the
    /// whole query (2000 two-character terms and a query of 2001 characters: 3 s, 5400: about 20).
    @Test func aQueryOfThousandsOfCJKCharactersWithSynonymsIsAnsweredInSeconds() throws {
        let daemon = try DaemonProcess()
        defer { _ = daemon.kill() }
        let c = try RawConnection(path: daemon.socket)
        let characters = (0..<5400).map { String(UnicodeScalar(0x4E00 + $0)!) }
        let table = Dictionary(uniqueKeysWithValues: stride(from: 0, to: 5399, by: 1).prefix(5000).map { i in
            (characters[i] + characters[i + 1], ["s\(i)"])
        })
        let set = try call(c, ["jsonrpc": "2.0", "id": 1, "method": "setSynonyms",
                               "params": ["bundle": "com.example.test", "synonyms": table]])
        #expect(set?["result"] != nil, "\(String(describing: set))")

        let started = ContinuousClock.now
        let answer = try call(c, ["jsonrpc": "2.0", "id": 2, "method": "query", "params": ["text": characters.joined()]])
        let waited = ContinuousClock.now - started
        #expect(answer?["result"] != nil, "\(String(describing: answer))")
        #expect(waited < .seconds(5), "the query took \(waited)")
    }
}
