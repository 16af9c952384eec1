import Dispatch
import Foundation
import SpotlightModel

/// Builds the Xapian documents of many records on every core: term generation (folding,
/// tokenizing, stemming) is the larger part of indexing and needs no database, so each
/// thread has its own documents and term generators; the one writer then adds them in order.
///
/// ```swift
/// let documents = try DocumentBuilder.build(records, languages: tags, slots: registry, data: .key)
/// ```
enum DocumentBuilder {
    /// Fewer records per core than this are built on the calling thread (no hand-off cost).
    static let parallelThreshold = 64

    /// The document of each record, in order, its text stemmed in the language tag at the same
    /// index of `languages`. The records' slot keys must be registered in `slots` already
    /// (``PropertySlots/register(_:in:)``).
    static func build(_ records: [DonatedRecord], languages: [String], slots: PropertySlots,
                      data: DocumentData.Mode) throws -> [XapianDocument] {
        let job = BuildJob(records: records, languages: languages, slots: slots, data: data)
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, records.count / parallelThreshold)
        guard workers > 1 else { return try records.indices.map(job.make) }
        DispatchQueue.concurrentPerform(iterations: workers) { worker in job.run(worker: worker, of: workers) }
        return try job.documents()
    }
}

/// The records and one result per record, each written by exactly one worker; documents are
/// not shared until every worker has finished.
private final class BuildJob: @unchecked Sendable {
    let records: [DonatedRecord]
    let languages: [String]
    let slots: PropertySlots
    let data: DocumentData.Mode
    /// Raw memory, so workers writing different elements at once never overlap an access.
    private let results: UnsafeMutableBufferPointer<Result<XapianDocument, any Error>?>

    init(records: [DonatedRecord], languages: [String], slots: PropertySlots, data: DocumentData.Mode) {
        self.records = records
        self.languages = languages
        self.slots = slots
        self.data = data
        results = .allocate(capacity: records.count)
        results.initialize(repeating: nil)
    }

    deinit {
        results.deinitialize()
        results.deallocate()
    }

    func make(_ index: Int) throws -> XapianDocument {
        let donated = records[index]
        return try RecordDocument.make(donated.record, donated: donated.donated, slots: slots,
                                       language: languages[index], data: data)
    }

    /// Builds every `workers`-th record from `worker` on.
    func run(worker: Int, of workers: Int) {
        for index in stride(from: worker, to: results.count, by: workers) {
            results[index] = Result { try make(index) }
        }
    }

    /// The documents in order, or the first record's error.
    func documents() throws -> [XapianDocument] { try results.map { try $0!.get() } }
}
