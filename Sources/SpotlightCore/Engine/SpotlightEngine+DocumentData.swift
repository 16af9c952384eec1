import Foundation
import SpotlightModel

extension SpotlightEngine.Options {
    /// What the index's documents hold: see ``recordsInIndex``.
    var documentData: DocumentData.Mode { recordsInIndex ? .record : .key }
}

extension SpotlightEngine {
    /// The writer's index writes documents as ``Options/recordsInIndex`` says and reads the
    /// records of its own hits from the writer's change-log connection (both confined to `writer`).
    func attachStore(to index: SearchIndex) {
        index.documentData = options.documentData
        index.recordLookup = RecordLookup(records: { [unowned self] keys in try self.changeLog.records(for: keys) },
                                          recordJSON: { [unowned self] keys in try self.changeLog.recordJSON(for: keys) })
    }

    /// A reader reads the records of its hits from the shared read connection of the store.
    func attachReadStore(to index: SearchIndex) {
        index.recordLookup = RecordLookup(records: { [unowned self] keys in
            try self.readStore.withLock { try $0.records(for: keys) }
        }, recordJSON: { [unowned self] keys in
            try self.readStore.withLock { try $0.recordJSON(for: keys) }
        })
    }
}
