#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import SpotlightModel
import SpotlightProtocol

/// Core Spotlight's item API: ``SearchableItem``s donated, replaced and deleted by identifier or
/// domain, with `async` methods and completion-handler forms as Apple's. Items are records of
/// type `CSSearchableItem` of the calling app's bundle, so `spotlightctl query` and
/// ``SearchableIndex/query(_:)`` find them like any other record.
///
/// ```swift
/// try await CSSearchableIndex.default().indexSearchableItems([item])
/// // From synchronous code, with Apple's completion handler: the call returns at once and the
/// // handler runs once the domain's items are deleted (a program that ends before that leaves them).
/// CSSearchableIndex.default().deleteSearchableItems(withDomainIdentifiers: ["calendar.home"]) { error in
///     if let error { print("not deleted: \(error)") }
/// }
/// ```
extension SearchableIndex {
    /// Whether Spotlight can index here: spotlightd's socket (`SPOTLIGHT_SOCKET`, else the
    /// default) takes a connection, because spotlightd is running or systemd listens on it for
    /// spotlightd. A socket file left by a spotlightd that was killed does not.
    public static func isIndexingAvailable() -> Bool {
        isIndexingAvailable(socketPath: SpotlightPaths.socket())
    }

    /// Whether a connection to `socketPath` is taken (it is closed again at once). Never waits:
    /// a listener whose queue of connections is full (a spotlightd that stopped accepting) is
    /// there, but a blocking connect would wait for it as long as it stays full.
    package static func isIndexingAvailable(socketPath: String) -> Bool {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(socketPath.utf8)
        guard !path.isEmpty, path.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path) }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { Glibc.close(fd) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return connected == 0 || errno == EAGAIN
    }

    /// Donates items (an item of an identifier already indexed replaces it, or with `isUpdate`
    /// is merged into it). Returns when they are durable in the store, or staged in the open batch.
    ///
    /// Runs on the caller's actor (`nonisolated(nonsending)`), so items a main-actor model
    /// holds are handed over without being sent to another.
    /// - Throws: `SpotlightError`, as ``indexRecords(_:clientState:)``.
    nonisolated(nonsending) public func indexSearchableItems(_ items: [SearchableItem]) async throws {
        try await indexItems(items.map(\.donation))
    }

    /// Deletes the items of these identifiers (those not indexed are ignored).
    public func deleteSearchableItems(withIdentifiers identifiers: [String]) async throws {
        guard !identifiers.isEmpty else { return }
        try await deleteRecords(identifiedBy: identifiers, ofType: SearchableItem.recordType)
    }

    /// Deletes the items of these domains and their sub-domains (`a.b` also deletes `a.b.c`),
    /// every record of the app in them, items or not.
    public func deleteSearchableItems(withDomainIdentifiers domainIdentifiers: [String]) async throws {
        for domain in domainIdentifiers { try await deleteRecords(inDomain: domain) }
    }

    /// Deletes everything the app donated: its items and its other records (app entities too).
    public func deleteAllSearchableItems() async throws {
        try await deleteAllRecords()
    }

    /// ``indexSearchableItems(_:)`` for synchronous code: `completionHandler` gets nil once
    /// the items are durable, else the error.
    public func indexSearchableItems(_ items: [SearchableItem],
                                     completionHandler: (@Sendable ((any Error)?) -> Void)?) {
        let donations = items.map(\.donation)
        complete(completionHandler) { try await self.indexItems(donations) }
    }

    /// Donates the items and counts them (``itemsDonated``).
    private func indexItems(_ donations: [ItemDonation]) async throws {
        try await indexRecords(try await records(of: donations))
        itemsDonated.add(donations.count, ordering: .relaxed)
    }

    /// ``deleteSearchableItems(withIdentifiers:)`` for synchronous code.
    public func deleteSearchableItems(withIdentifiers identifiers: [String],
                                      completionHandler: (@Sendable ((any Error)?) -> Void)?) {
        complete(completionHandler) { try await self.deleteSearchableItems(withIdentifiers: identifiers) }
    }

    /// ``deleteSearchableItems(withDomainIdentifiers:)`` for synchronous code.
    public func deleteSearchableItems(withDomainIdentifiers domainIdentifiers: [String],
                                      completionHandler: (@Sendable ((any Error)?) -> Void)?) {
        complete(completionHandler) { try await self.deleteSearchableItems(withDomainIdentifiers: domainIdentifiers) }
    }

    /// ``deleteAllSearchableItems()`` for synchronous code.
    public func deleteAllSearchableItems(completionHandler: (@Sendable ((any Error)?) -> Void)?) {
        complete(completionHandler) { try await self.deleteAllSearchableItems() }
    }

    /// Runs `body` in a task and hands its outcome to `completionHandler`.
    func complete(_ completionHandler: (@Sendable ((any Error)?) -> Void)?, _ body: @escaping @Sendable () async throws -> Void) {
        inCallOrder({ () async -> (any Error)? in
            do {
                try await body()
                return nil
            } catch {
                return error
            }
        }, then: { error in completionHandler?(error) })
    }

    /// Runs `operation` in a task once the operations of the calls with completion handlers
    /// made before it on this index have finished, as Core Spotlight runs them: `beginBatch()`,
    /// then `indexSearchableItems(items, completionHandler: nil)`, then `endBatch(withClientState:)
    /// { ... }` commits the items, instead of racing them to the daemon. `deliver` gets the
    /// outcome in a task of its own, so the next call does not wait for a handler (one that
    /// waits for a later call of this index does not deadlock).
    func inCallOrder<Outcome: Sendable>(_ operation: @escaping @Sendable () async -> Outcome,
                                        then deliver: @escaping @Sendable (Outcome) -> Void) {
        let outcome = handlerCalls.withLock { last -> Task<Outcome, Never> in
            let previous = last
            let outcome = Task {
                await previous?.value
                return await operation()
            }
            last = Task { _ = await outcome.value }
            return outcome
        }
        Task { deliver(await outcome.value) }
    }

    /// The records to donate: each item's own, an update's merged into its stored record.
    private func records(of items: [ItemDonation]) async throws -> [Record] {
        let updates = items.filter(\.isUpdate).map(\.id)
        guard !updates.isEmpty else { return items.map { $0.record() } }
        let bundle = try await callerBundle(for: "an item with isUpdate is merged into the app's stored item",
                                            otherwise: "or index the whole item (isUpdate = false)")
        let stored = try await records(for: updates.map { RecordKey(bundle: bundle, type: SearchableItem.recordType, id: $0) })
        let byID = Dictionary(stored.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        return items.map { $0.record(updating: $0.isUpdate ? byID[$0.id] : nil) }
    }

    /// The bundle spotlightd takes this process's calls for: its app's, or the one bundle a tool
    /// was granted.
    /// - Throws: `.invalidInput` saying `why` it is needed and what to do when there is none.
    func callerBundle(for why: String, otherwise: String? = nil) async throws -> String {
        let hello = try await hello()
        guard let bundle = hello.bundle ?? (hello.writableBundles.count == 1 ? hello.writableBundles.first : nil) else {
            throw SpotlightError(.invalidInput, "\(why), but spotlightd does not know this process's bundle; run it "
                + "as a registered app, or start spotlightd with --grant BUNDLE\(otherwise.map { ", \($0)" } ?? "")")
        }
        return bundle
    }
}
