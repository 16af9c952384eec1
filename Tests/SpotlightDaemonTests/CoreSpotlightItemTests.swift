import Foundation
import SpotlightKit
import SpotlightModel
import Synchronization
import Testing

/// Core Spotlight's item API, written as Apple's samples write it, against a real spotlightd.
@Suite struct CoreSpotlightItemTests {
    static func item(_ id: String, _ title: String, description: String? = nil, domain: String? = nil) -> CSSearchableItem {
        let attributes = CSSearchableItemAttributeSet(contentType: .text)
        attributes.title = title
        attributes.contentDescription = description
        return CSSearchableItem(uniqueIdentifier: id, domainIdentifier: domain, attributeSet: attributes)
    }

    static func ids(_ index: CSSearchableIndex, _ text: String) async throws -> [String] {
        try await index.query(SearchQuery(text: text)).hits.map(\.record.id).sorted()
    }

    /// Waits for a completion handler's call and returns its error.
    static func completion(_ start: (@escaping @Sendable ((any Error)?) -> Void) -> Void) async -> (any Error)? {
        await withCheckedContinuation { continuation in
            start { error in continuation.resume(returning: error.map { $0 as any Error }) }
        }
    }

    @Test func anIndexedItemIsFoundByItsTitleAndDescriptionAsARecordOfItsFields() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = daemon.index()
        let item = Self.item("event-42", "Supernova party", description: "Rooftop telescope", domain: "calendar.home")
        item.expirationDate = Date(timeIntervalSince1970: 4_000_000_000)
        try await index.indexSearchableItems([item])
        let hits = try await index.query(SearchQuery(text: "telescope")).hits
        #expect(hits.count == 1)
        let record = try #require(hits.first?.record)
        #expect(record.key == RecordKey(bundle: "com.example.test", type: "CSSearchableItem", id: "event-42"))
        #expect(record.title == "Supernova party")
        #expect(record.subtitle == "Rooftop telescope")
        #expect(record.domain == "calendar.home")
        #expect(record.expiration == Date(timeIntervalSince1970: 4_000_000_000))
    }

    @Test func theAttributesOfApplesSamplesAreDonatedAsProperties() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let attributes = CSSearchableItemAttributeSet(itemContentType: UTType.text.identifier)
        attributes.title = "Harbour café"
        attributes.thumbnailData = Data([0x89, 0x50])
        attributes.rating = 4
        attributes.latitude = 59.91
        attributes.phoneNumbers = ["+47 555 0100"]
        attributes.supportsPhoneCall = true
        attributes.rankingHint = 80
        attributes.setValue("high", forCustomKey: CSCustomAttributeKey(keyName: "priority")!)
        try await daemon.index().indexSearchableItems([CSSearchableItem(uniqueIdentifier: "c1", domainIdentifier: nil,
                                                                        attributeSet: attributes)])
        let record = try #require(try await daemon.index().query(SearchQuery(text: "priority:high rating:4")).hits.first?.record)
        #expect(record.rankingHint == 80)
        #expect(record.properties["contentType"] == .string("public.text"))
        #expect(record.properties["latitude"] == .double(59.91))
        #expect(record.properties["supportsPhoneCall"] == .bool(true))
        #expect(record.properties["phoneNumbers"] == .array([.string("+47 555 0100")]))
        #expect(record.properties["thumbnailData"] == nil)

        let query = CSSearchQuery(queryString: #"contentType == "public.text" && rankingHint > 50"#, queryContext: nil,
                                  index: daemon.index())
        var found: [CSSearchableItem] = []
        for try await result in query.results { found.append(result.item) }
        #expect(found.map(\.uniqueIdentifier) == ["c1"])
        #expect(found.first?.attributeSet.contentType == "public.text")
        #expect(found.first?.attributeSet.rating == 4)
        #expect(found.first?.attributeSet.value(forCustomKey: CSCustomAttributeKey(keyName: "priority")!) as? String == "high")
    }

    @Test func moreOfApplesAttributesAndAProtectedIndexCompileAndAreDonatedAsProperties() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let attributes = CSSearchableItemAttributeSet()
        attributes.contentType = UTType.audio.identifier
        attributes.title = "So What"
        attributes.artist = "Miles Davis"
        attributes.album = "Kind of Blue"
        attributes.version = "remaster"
        attributes.participants = ["Coltrane", "Evans"]
        attributes.allDay = true
        attributes.fileSize = 9_200_000
        _ = CSSearchableIndex(name: "music", protectionClass: .complete)
        try await daemon.index().indexSearchableItems([CSSearchableItem(uniqueIdentifier: "t1", domainIdentifier: nil,
                                                                        attributeSet: attributes)])
        let record = try #require(try await daemon.index().query(SearchQuery(text: "artist:miles")).hits.first?.record)
        #expect(record.properties["contentType"] == .string("public.audio"))
        #expect(record.properties["album"] == .string("Kind of Blue"))
        #expect(record.properties["participants"] == .array([.string("Coltrane"), .string("Evans")]))
        #expect(record.properties["allDay"] == .bool(true))
        #expect(record.properties["fileSize"] == .int(9_200_000))
    }

    @Test func aCustomNSNumberOfOneIsANumberAndOnlyABoolIsAFlag() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let attributes = CSSearchableItemAttributeSet(contentType: .text)
        attributes.title = "Inbox"
        attributes.setValue(NSNumber(value: 1), forCustomKey: CSCustomAttributeKey(keyName: "unread")!)
        attributes.setValue(NSNumber(value: 0), forCustomKey: CSCustomAttributeKey(keyName: "flagged")!)
        attributes.setValue(NSNumber(value: true), forCustomKey: CSCustomAttributeKey(keyName: "pinned")!)
        try await daemon.index().indexSearchableItems([CSSearchableItem(uniqueIdentifier: "m1", domainIdentifier: nil,
                                                                        attributeSet: attributes)])
        let record = try #require(try await daemon.index().query(SearchQuery(text: "unread:1")).hits.first?.record)
        #expect(record.properties["unread"] == .int(1))
        #expect(record.properties["flagged"] == .int(0))
        #expect(record.properties["pinned"] == .bool(true))
    }

    @Test func aCustomKeyCannotTakeTheNameOfARecordsOwnField() {
        #expect(CSCustomAttributeKey(keyName: "title") == nil)
        #expect(CSCustomAttributeKey(keyName: "contentDescription") == nil)
        #expect(CSCustomAttributeKey(keyName: "kMDItemPriority") == nil)
        #expect(CSCustomAttributeKey(keyName: "priority")?.keyName == "priority")
    }

    @Test func anItemWithAnEmptyDomainIsDonatedWithoutOne() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        try await daemon.index().indexSearchableItems([Self.item("1", "Comet", domain: "")])
        let record = try #require(try await daemon.index().query(SearchQuery(text: "comet")).hits.first?.record)
        #expect(record.domain == nil)
    }

    @Test func indexingIsAvailableWhileSpotlightdRunsAndNotFromTheSocketItLeftWhenKilled() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        #expect(SearchableIndex.isIndexingAvailable(socketPath: daemon.socket))
        daemon.kill()
        #expect(FileManager.default.fileExists(atPath: daemon.socket))
        #expect(!SearchableIndex.isIndexingAvailable(socketPath: daemon.socket))
        #expect(!SearchableIndex.isIndexingAvailable(socketPath: daemon.root + "/no-such.sock"))
    }

    @Test func anItemWithoutAnIdentifierGetsAUUID() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let item = CSSearchableItem(uniqueIdentifier: nil, domainIdentifier: nil, attributeSet: CSSearchableItemAttributeSet())
        item.attributeSet.title = "Nebula"
        try await daemon.index().indexSearchableItems([item])
        #expect(UUID(uuidString: item.uniqueIdentifier) != nil)
        #expect(try await Self.ids(daemon.index(), "nebula") == [item.uniqueIdentifier])
    }

    @Test func indexingAnItemAgainReplacesItWhole() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = daemon.index()
        try await index.indexSearchableItems([Self.item("1", "Comet", description: "tail")])
        try await index.indexSearchableItems([Self.item("1", "Meteor")])
        let record = try #require(try await index.query(SearchQuery(text: "meteor")).hits.first?.record)
        #expect(record.subtitle == nil)
        #expect(try await Self.ids(index, "comet OR tail").isEmpty)
    }

    @Test func anUpdateItemKeepsTheAttributesItDoesNotSet() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = daemon.index()
        let first = Self.item("1", "Comet", description: "bright tail", domain: "sky")
        first.attributeSet.keywords = ["halley"]
        try await index.indexSearchableItems([first])
        let update = CSSearchableItem(uniqueIdentifier: "1", domainIdentifier: nil, attributeSet: CSSearchableItemAttributeSet())
        update.attributeSet.title = "Great comet"
        update.isUpdate = true
        try await index.indexSearchableItems([update])
        let record = try #require(try await index.query(SearchQuery(text: "halley")).hits.first?.record)
        #expect(record.title == "Great comet")
        #expect(record.subtitle == "bright tail")
        #expect(record.keywords == ["halley"])
        #expect(record.domain == "sky")
    }

    @Test func anUpdateOfAnItemNotYetIndexedIndexesIt() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let update = Self.item("9", "Aurora")
        update.isUpdate = true
        try await daemon.index().indexSearchableItems([update])
        #expect(try await Self.ids(daemon.index(), "aurora") == ["9"])
    }

    @Test func itemsAreDeletedByIdentifier() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = daemon.index()
        try await index.indexSearchableItems([Self.item("1", "star one"), Self.item("2", "star two")])
        try await index.deleteSearchableItems(withIdentifiers: ["1", "unknown"])
        #expect(try await Self.ids(index, "star") == ["2"])
    }

    @Test func deletingADomainDeletesItsSubdomainsToo() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = daemon.index()
        try await index.indexSearchableItems([
            Self.item("1", "mail one", domain: "account.inbox"), Self.item("2", "mail two", domain: "account.inbox.archive"),
            Self.item("3", "mail three", domain: "account.inboxes"), Self.item("4", "mail four"),
        ])
        try await index.deleteSearchableItems(withDomainIdentifiers: ["account.inbox"])
        #expect(try await Self.ids(index, "mail") == ["3", "4"])
    }

    @Test func deleteAllSearchableItemsDeletesTheAppsItemsAndOtherRecords() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = daemon.index()
        try await index.indexSearchableItems([Self.item("1", "planet one")])
        try await index.indexRecords([note("n", "planet note")])
        try await index.deleteAllSearchableItems()
        #expect(try await Self.ids(index, "planet").isEmpty)
    }

    @Test func completionHandlersAreCalledOnceTheWriteIsDone() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = daemon.index()
        let indexed = await Self.completion { index.indexSearchableItems([Self.item("1", "quasar", domain: "d"), Self.item("2", "quasar")], completionHandler: $0) }
        #expect(indexed == nil)
        #expect(try await Self.ids(index, "quasar") == ["1", "2"])
        #expect(await Self.completion { index.deleteSearchableItems(withIdentifiers: ["2"], completionHandler: $0) } == nil)
        #expect(try await Self.ids(index, "quasar") == ["1"])
        #expect(await Self.completion { index.deleteSearchableItems(withDomainIdentifiers: ["d"], completionHandler: $0) } == nil)
        #expect(try await Self.ids(index, "quasar").isEmpty)
        try await index.indexSearchableItems([Self.item("3", "quasar")])
        #expect(await Self.completion { index.deleteAllSearchableItems(completionHandler: $0) } == nil)
        #expect(try await Self.ids(index, "quasar").isEmpty)
    }

    @Test func anItemWhoseDomainTheIndexCannotHoldIsRefusedSayingSo() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = daemon.index()
        let error = await #expect(throws: SpotlightError.self) {
            try await index.indexSearchableItems([Self.item("1", "pulsar", domain: String(repeating: "D", count: 244))])
        }
        #expect(error?.code == .invalidInput)
        #expect(error?.message.contains("the domain of record com.example.test/CSSearchableItem/1 is 244 bytes; the index allows at most 243") == true,
                "\(error?.message ?? "")")
        #expect(error?.message.contains("shorten it") == true)
    }

    @Test func anIdentifierOverTheLimitIsNamedByItsStartAndSizeNotWhole() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let id = String(repeating: "i", count: 1_000_000)
        let error = await #expect(throws: SpotlightError.self) {
            try await daemon.index().indexSearchableItems([Self.item(id, "pulsar")])
        }
        #expect(error?.code == .invalidInput)
        #expect(error?.message.contains("/CSSearchableItem/\(id.prefix(64))… (an id of 1000000 bytes): id is 1000000 bytes; "
            + "the limit is 262144 bytes per value") == true, "\(error?.message.prefix(300) ?? "")")
        #expect((error?.message.utf8.count ?? .max) < 1_000)
    }

    @Test func itemsIndexedAfterARefusedDomainAreFound() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = daemon.index()
        _ = try? await index.indexSearchableItems([Self.item("1", "pulsar", domain: String(repeating: "d", count: 1_000))])
        try await index.indexSearchableItems([Self.item("2", "quasar", domain: String(repeating: "d", count: 243))])
        #expect(try await Self.ids(index, "quasar") == ["2"])
        #expect(try await index.status().index.indexState == "ok")
    }

    @Test func aCompletionHandlerGetsTheErrorWhenSpotlightdIsNotRunning() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"], start: false)
        let index = SearchableIndex(socketPath: daemon.socket, reconnectWindow: .zero)
        let error = await Self.completion { index.indexSearchableItems([Self.item("1", "pulsar")], completionHandler: $0) }
        #expect((error as? SpotlightError)?.code == .unavailable, "\(String(describing: error))")
    }

    @Test func aBatchOfItemsEndsWithAppleNamesAndStoresItsClientState() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = SearchableIndex(name: "sync", socketPath: daemon.socket)
        index.beginBatch()
        try await index.indexSearchableItems([Self.item("1", "galaxy")])
        #expect(try await Self.ids(index, "galaxy").isEmpty)
        #expect(await Self.completion { index.endBatch(withClientState: Data("v1".utf8), completionHandler: $0) } == nil)
        #expect(try await Self.ids(index, "galaxy") == ["1"])
        let state = Mutex<Data?>(nil)
        let fetched: (any Error)? = await withCheckedContinuation { continuation in
            index.fetchLastClientState { data, error in
                state.withLock { $0 = data }
                continuation.resume(returning: error)
            }
        }
        #expect(fetched == nil)
        #expect(state.withLock { $0 } == Data("v1".utf8))
    }

    /// Core Spotlight's batch in synchronous code, every call with a completion handler: the
    /// calls run in the order they were made, so the end commits the writes made before it.
    @Test func aBatchWrittenOnlyWithCompletionHandlersCommitsItsWritesInCallOrder() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = CSSearchableIndex(name: "notes-sync", socketPath: daemon.socket)
        index.beginBatch()
        for part in 0..<4 {
            index.indexSearchableItems((0..<50).map { Self.item("\(part)-\($0)", "nebula \($0)") }, completionHandler: nil)
        }
        index.deleteSearchableItems(withIdentifiers: ["0-0"], completionHandler: nil)
        let ended = await Self.completion { index.endBatch(withClientState: Data("v42".utf8), completionHandler: $0) }
        #expect(ended == nil, "\(String(describing: ended))")
        let found = try await index.query(SearchQuery(text: "nebula", limit: 500)).hits.map(\.record.id)
        #expect(found.count == 199)
        #expect(!found.contains("0-0"))
        let state = await withCheckedContinuation { continuation in
            index.fetchLastClientState { data, _ in continuation.resume(returning: data) }
        }
        #expect(state == Data("v42".utf8))
    }

    /// The next call waits for the one before it, not for its completion handler: a handler
    /// that waits for a later call of its index gets it.
    @Test func aCompletionHandlerMayWaitForALaterCallOfItsIndex() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = SearchableIndex(socketPath: daemon.socket)
        let waited = await withCheckedContinuation { continuation in
            index.indexSearchableItems([Self.item("1", "quasar")]) { _ in
                let deleted = DispatchSemaphore(value: 0)
                index.deleteSearchableItems(withIdentifiers: ["1"]) { _ in deleted.signal() }
                continuation.resume(returning: deleted.wait(timeout: .now() + 10))
            }
        }
        #expect(waited == .success)
        #expect(try await Self.ids(index, "quasar").isEmpty)
    }

    @Test func aBatchEndedWithAStaleClientStateStoresNothingAndSaysSo() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let index = SearchableIndex(name: "sync", socketPath: daemon.socket)
        try await index.indexRecords([note("0", "start")], clientState: ClientStateSwap(expected: nil, new: Data("v1".utf8)))
        index.beginBatch()
        try await index.indexSearchableItems([Self.item("1", "galaxy")])
        let error = await Self.completion {
            index.endIndexBatch(expectedClientState: Data("v0".utf8), newClientState: Data("v2".utf8), completionHandler: $0)
        }
        #expect((error as? SpotlightError)?.code == .conflict, "\(String(describing: error))")
        #expect(try await Self.ids(index, "galaxy").isEmpty)
    }

    @Test func itemsHeldByAMainActorModelAreIndexedFromIt() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let model = await ItemModel(index: daemon.index())
        try await model.publish()
        #expect(try await Self.ids(daemon.index(), "comet") == ["m1"])
    }
}

/// A view model as an app keeps one: items in a main-actor property, indexed from there.
@MainActor final class ItemModel {
    let index: CSSearchableIndex
    var items: [CSSearchableItem] = [CoreSpotlightItemTests.item("m1", "Comet sighting")]
    init(index: CSSearchableIndex) { self.index = index }
    func publish() async throws { try await index.indexSearchableItems(items) }
}
