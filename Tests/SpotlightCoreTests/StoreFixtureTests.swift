import Foundation
import SpotlightCore
import SpotlightModel

/// The record-store tests' fixture: a fresh temporary directory per test, removed afterwards.
/// (Named *Tests.swift to sit with the store tests it serves.)
final class StoreFixture {
    let directory: URL
    var path: String { directory.appendingPathComponent("records.sqlite").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("store-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func open() throws -> RecordStore { try RecordStore(path: path) }
}

/// A record of bundle `b` and type `T` unless told otherwise.
func storeRecord(_ id: String, bundle: String = "b", type: String = "T", title: String? = nil,
                 domain: String? = nil, expiration: Date? = nil) -> Record {
    Record(bundle: bundle, type: type, id: id, title: title ?? "title \(id)",
           properties: ["n": .int(1)], domain: domain, expiration: expiration)
}

extension RecordStore {
    /// The ids of every stored record, sorted, for compact assertions.
    func allIDs() throws -> [String] {
        var ids: [String] = []
        try forEachRecord(bundle: nil, batchSize: 100) { ids += $0.map(\.id) }
        return ids.sorted()
    }
}
