import Foundation
@testable import SpotlightCore
import SpotlightModel

/// A fresh writable index in its own temporary directory, removed when released.
final class TempIndex {
    let directory: URL
    let path: String
    let index: SearchIndex

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("index-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("index").path
        index = try SearchIndex.openWritable(path: path)
    }

    deinit {
        index.close()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Replaces `records` and commits.
    @discardableResult
    func add(_ records: Record...) throws -> Self {
        try index.replace(records)
        try index.commit(lastAppliedSequence: 1)
        return self
    }

    /// The ids of the hits for `text`, best first.
    func ids(_ text: String?, bundles: [String]? = nil, types: [String]? = nil,
             offset: Int = 0, limit: Int = 50, now: Date = Date()) throws -> [String] {
        try index.search(SearchQuery(text: text, bundles: bundles, types: types, offset: offset, limit: limit),
                         now: now).hits.map(\.record.id)
    }
}

/// A record of the test bundle with the given id and title.
func record(_ id: String, _ title: String, bundle: String = "com.example.CometCal", type: String = "EventEntity",
            subtitle: String? = nil, keywords: [String] = [], properties: [String: PropertyValue] = [:],
            domain: String? = nil, expiration: Date? = nil) -> Record {
    Record(bundle: bundle, type: type, id: id, title: title, subtitle: subtitle, keywords: keywords,
           properties: properties, domain: domain, expiration: expiration)
}

/// Runs `body` with a fresh directory named `<prefix>-<uuid>` in the temporary directory,
/// removed afterwards.
func withTemporaryDirectory(_ prefix: String, _ body: (String) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try body(directory)
}
