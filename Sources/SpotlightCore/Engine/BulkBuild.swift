import Dispatch
import Foundation
import Synchronization
import SpotlightModel

/// The bulk path of the index: many changes written into one ``IndexPart`` per core at once,
/// then merged with the live index by one compaction.
///
/// One writer adding documents one by one is what limits indexing: libxapian's inverted
/// buffer and its merge into the tables at each commit run on that writer's thread. Parts
/// written side by side do that work on every core, each in a buffer small enough to merge
/// fast, and the merge leaves the index compact. Each record's key falls to one part by its
/// hash, so a key changed twice lands twice in the same part, which replaces it.
///
/// Not Sendable: one thread feeds a build (the index writer, or a rebuild's task); the parts
/// are written on their own queues.
///
/// ```swift
/// let build = try BulkBuild(scratch: "/data/index.4.parts", slots: registry, data: .key, languages: settings)
/// try build.add(changes)                                   // as many times as needed
/// let merged = try build.merge(after: "/data/index.3", into: "/data/index.4")
/// try merged.commit(lastAppliedSequence: changes.last!.sequence)
/// ```
final class BulkBuild {
    /// Changes handed to a part's queue and not yet written, at most (bounds the memory held).
    static let sharesInFlight = 2
    /// The scratch directory of a build into `index.<n>` is `index.<n>.parts`.
    static let scratchSuffix = ".parts"

    let scratch: String
    private let workers: [PartWorker]
    private let languageSettings: LanguageSettings
    /// The build's slot registry: the live index's keys and the ones its records brought.
    private var slots: PropertySlots
    /// Metadata entries of the keys registered during the build, for the merged index.
    private var metadata: [(String, String)] = []
    private var languages: Set<String> = []
    /// Slot keys refused during the build, with why (for the log).
    private(set) var refusals: [String] = []
    private(set) var changeCount = 0
    /// Seconds `merge` waited for the parts to finish after the last change was handed over,
    /// and took to merge them (for the log: which of the two bounds a bulk catch-up).
    private(set) var finishSeconds = 0.0
    private(set) var mergeSeconds = 0.0

    /// Creates `scratch` afresh and one part in it per core.
    ///
    /// - Parameter slots: the slot registry of the index the parts will be merged with.
    init(scratch: String, slots: PropertySlots, data: DocumentData.Mode, languages: LanguageSettings) throws {
        self.scratch = scratch
        self.slots = slots
        self.languageSettings = languages
        try? FileManager.default.removeItem(atPath: scratch)
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let count = max(1, ProcessInfo.processInfo.activeProcessorCount)
        workers = try (0..<count).map { number in
            PartWorker(try IndexPart(path: "\(scratch)/part-\(number)", data: data, languages: languages), number: number)
        }
    }

    deinit {
        for worker in workers { worker.abandon() }
        try? FileManager.default.removeItem(atPath: scratch)
    }

    /// Hands stored records to the parts, as changes that store them.
    func add(_ records: [DonatedRecord]) throws {
        try add(records.map { StoreChange(sequence: 0, key: $0.record.key, record: $0.record, donated: $0.donated) })
    }

    /// Hands `changes` (in sequence order) to the parts; returns once each part has room
    /// for its share, while the parts write.
    func add(_ changes: [StoreChange]) throws {
        for change in changes {
            guard let record = change.record else { continue }
            let refused = try slots.register(PropertySlots.values(of: record).map(\.key)) { metadata.append(($0, $1)) }
            refusals += refused.map { "property slot \($0.key) refused: \($0.reason)" }
            languages.insert(languageSettings.language(of: record))
        }
        var shares = Array(repeating: [StoreChange](), count: workers.count)
        for change in changes {
            shares[Int(UInt(bitPattern: change.key.hashValue) % UInt(workers.count))].append(change)
        }
        for (worker, share) in zip(workers, shares) where !share.isEmpty {
            try worker.apply(share, slots: slots)
        }
        changeCount += changes.count
    }

    /// Finishes the parts and merges `first` (the live index; nil for none) and them into a
    /// new compacted database at `destination`, opened for writing with the build's slot
    /// registrations and languages written (not committed).
    func merge(after first: String?, into destination: String, data: DocumentData.Mode) throws -> SearchIndex {
        let finishing = Date()
        for worker in workers { worker.finish() }
        for worker in workers { try worker.wait() }
        let merging = Date()
        finishSeconds = merging.timeIntervalSince(finishing)
        try XapianDatabase.merge((first.map { [$0] } ?? []) + workers.map(\.path), into: destination,
                                 plainTags: IndexPart.plainTags(data))
        mergeSeconds = Date().timeIntervalSince(merging)
        let merged = try SearchIndex.openWritable(path: destination, documentData: data, languages: languageSettings)
        merged.changesSinceCompaction = 0
        // Without the index the registry came from, its entries come from the registry.
        try merged.settleMerge(superseded: [], metadata: first == nil ? slots.metadataEntries : metadata,
                               languages: languages)
        return merged
    }
}

/// One part and the serial queue it is written on.
private final class PartWorker: Sendable {
    let path: String
    private let part: Mutex<IndexPart>
    private let queue: DispatchQueue
    private let group = DispatchGroup()
    private let room = DispatchSemaphore(value: BulkBuild.sharesInFlight)
    private let failure = Mutex<(any Error)?>(nil)

    init(_ part: sending IndexPart, number: Int) {
        path = part.path
        self.part = Mutex(part)
        queue = DispatchQueue(label: "spotlight.engine.bulk-part-\(number)")
    }

    /// Queues `changes` for the part once it has room; throws the part's first failure.
    func apply(_ changes: [StoreChange], slots: PropertySlots) throws {
        if let error = failure.withLock({ $0 }) { throw error }
        room.wait()
        queue.async(group: group) {
            defer { self.room.signal() }
            self.run { try $0.apply(changes, slots: slots) }
        }
    }

    /// Queues the part's last commit.
    func finish() {
        queue.async(group: group) { self.run { try $0.finish() } }
    }

    /// Waits for everything queued; throws the part's first failure.
    func wait() throws {
        group.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// Lets queued work end at once (a build given up): nothing more is written.
    func abandon() {
        failure.withLock { $0 = $0 ?? CancellationError() }
        group.wait()
    }

    private func run(_ body: (IndexPart) throws -> Void) {
        guard failure.withLock({ $0 == nil }) else { return }
        do {
            try part.withLock { try body($0) }
        } catch {
            failure.withLock { $0 = $0 ?? error }
        }
    }
}
