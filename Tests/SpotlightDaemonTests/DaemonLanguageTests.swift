import Foundation
import SpotlightSupervision
import Testing
import SpotlightKit
import SpotlightModel

/// A record of the test bundle in `language` (nil: the daemon's default).
func text(_ id: String, _ title: String, _ language: String?) -> Record {
    var record = note(id, title)
    record.language = language
    return record
}

/// Text in every language through a real spotlightd (issue 17): words inside unspaced Korean,
/// Japanese and Chinese, Unicode folding both ways, stemming by each record's language, and
/// snippets that mark what matched.
@Suite struct DaemonLanguageTests {
    /// Real sentences in eight languages, written for these tests (see corpus/README.md).
    static let records = [
        text("ko", "초신성관측파티 일정", "ko"),
        text("ja", "東京タワーの夜景を見る会", "ja"),
        text("zh", "北京烤鸭和星空晚会", "zh-Hans"),
        text("de", "Die Straße der alten Häuser", "de"),
        text("fr", "Les chevaux du Café Supernova", "fr"),
        text("el", "ΟΔΥΣΣΕΥΣ και οι πλανήτες", "el"),
        text("tr", "İSTANBUL gözlemevi kitapları", "tr"),
        text("tr2", "ılık bir yaz gecesi", "tr"),
        text("ar", "المكتبات تحت السماء", "ar"),
        text("fr2", "Les journaux du soir", "fr"),
        text("en", "Running with the comets", nil),
    ]

    func daemonWithRecords() async throws -> (DaemonProcess, SearchableIndex) {
        let daemon = try DaemonProcess()
        let index = daemon.index()
        try await index.indexRecords(Self.records)
        return (daemon, index)
    }

    func ids(_ index: SearchableIndex, _ text: String, language: String? = nil) async throws -> [String] {
        try await index.query(SearchQuery(text: text, language: language)).hits.map(\.record.id)
    }

    @Test(arguments: [("관측", "ko"), ("파티", "ko"), ("초신성", "ko"), ("夜景", "ja"), ("タワー", "ja"), ("東京", "ja"),
                      ("烤鸭", "zh"), ("星空", "zh")])
    func aWordInsideUnspacedTextFindsIt(word: String, id: String) async throws {
        let (daemon, index) = try await daemonWithRecords()
        defer { daemon.stop() }
        #expect(try await ids(index, word) == [id])
    }

    @Test func aPhraseInsideUnspacedTextFindsIt() async throws {
        let (daemon, index) = try await daemonWithRecords()
        defer { daemon.stop() }
        #expect(try await ids(index, "\"夜景を見る\"") == ["ja"])
        #expect(try await ids(index, "\"見る夜景\"") == [])
    }

    @Test(arguments: [("strasse", "de"), ("STRASSE", "de"), ("Straße", "de"), ("STRAẞE", "de"),
                      ("οδυσσευς", "el"), ("Οδυσσεύς", "el"), ("ΠΛΑΝΗΤΕΣ", "el"),
                      ("istanbul", "tr"), ("İstanbul", "tr"), ("ISTANBUL", "tr"), ("ILIK", "tr2"), ("ılık", "tr2"),
                      ("cafe", "fr"), ("ＣＡＦＥ", "fr"), ("السماء", "ar"), ("السَّمَاء", "ar")])
    func foldingFindsTheOtherSpelling(query: String, id: String) async throws {
        let (daemon, index) = try await daemonWithRecords()
        defer { daemon.stop() }
        #expect(try await ids(index, query) == [id])
    }

    @Test func foldingWorksFromTheRecordSideToo() async throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop() }
        let index = daemon.index()
        try await index.indexRecords([text("1", "STRASSE", "de"), text("2", "οδυσσευς", "el"), text("3", "ﬁsh ﬂow", "en")])
        #expect(try await ids(index, "Straße") == ["1"])
        #expect(try await ids(index, "ΟΔΥΣΣΕΥΣ") == ["2"])
        #expect(try await ids(index, "fish flow") == ["3"])
    }

    /// Each query word is an inflection the donated word is not a prefix of, so only its
    /// language's stemmer (not the as-you-type prefix) can find the record.
    @Test(arguments: [("Häusern", "de"), ("cheval", "fr"), ("kitabı", "tr"), ("مكتبة", "ar"), ("runs", "en")])
    func eachLanguageIsStemmedWithItsOwnStemmer(query: String, id: String) async throws {
        let (daemon, index) = try await daemonWithRecords()
        defer { daemon.stop() }
        #expect(try await ids(index, query) == [id])
    }

    @Test func aLanguageWithoutAStemmerIsNotStemmed() async throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop() }
        let index = daemon.index()
        try await index.indexRecords([text("ko", "running", "ko"), text("en", "running", "en")])
        #expect(try await ids(index, "runs") == ["en"])
        #expect(Set(try await ids(index, "running")) == ["ko", "en"])
    }

    @Test func aQueryThatNamesItsLanguageIsStemmedInThatLanguageOnly() async throws {
        let (daemon, index) = try await daemonWithRecords()
        defer { daemon.stop() }
        #expect(try await ids(index, "journaux soir", language: "fr") == ["fr2"])
        #expect(try await ids(index, "journaux soir", language: "en") == [])
        #expect(try await ids(index, "journaux soir") == ["fr2"])
    }

    @Test func theDaemonsLanguageStemsRecordsThatNameNone() async throws {
        let daemon = try DaemonProcess(arguments: ["--language", "de"])
        defer { daemon.stop() }
        let index = daemon.index()
        try await index.indexRecords([text("1", "Die alten Häuser", nil)])
        #expect(try await ids(index, "Häusern") == ["1"])
    }

    @Test func changingTheDaemonsLanguageRebuildsTheIndex() async throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop() }
        try await daemon.index().indexRecords([text("1", "Die alten Häuser", nil)])
        #expect(try await ids(daemon.index(), "Häusern") == [])
        daemon.stop()
        try daemon.start(extraArguments: ["--language", "de"])
        let index = daemon.index()
        try await waitUntil { try await ids(index, "Häusern") == ["1"] }
        #expect(daemon.logged("language settings"))
    }

    @Test func aBundlesLanguageStemsItsRecordsThatNameNone() async throws {
        let daemon = try DaemonProcess(arguments: ["--bundle-language", "com.example.other=de"])
        defer { daemon.stop() }
        let index = daemon.index()
        var other = text("de", "Die alten Häuser", nil)
        other.bundle = "com.example.other"
        try await index.indexRecords([text("en", "Die alten Häuser", nil)])
        try await index.indexRecords([other])
        #expect(try await ids(index, "Häusern") == ["de"])
    }

    @Test func anIndexWrittenBeforeSchemaFourIsRebuiltFromTheStoreOnUpgrade() async throws {
        let (daemon, _) = try await daemonWithRecords()
        defer { daemon.stop() }
        daemon.stop()
        let tool = Process()
        tool.executableURL = URL(fileURLWithPath: "/usr/bin/xapian-metadata")
        tool.arguments = ["set", daemon.dataDirectory + "/index", "spotlight.schema-version", "3"]
        try tool.run()
        #expect(tool.waitForExit(within: .seconds(60)) == .exited(status: 0))
        try daemon.start()
        let index = daemon.index()
        try await waitUntil { try await ids(index, "관측") == ["ko"] }
        #expect(daemon.logged("the index schema version 3 is not "))   // then the current version
    }

    @Test func aSnippetMarksAMatchThroughFolding() async throws {
        let (daemon, index) = try await daemonWithRecords()
        defer { daemon.stop() }
        let hits = try await index.query(SearchQuery(text: "cafe", snippets: SnippetOptions(start: "[", end: "]"))).hits
        #expect(hits.map(\.snippet) == ["Les chevaux du [Café] Supernova"])
    }

    @Test(arguments: [("夜景", "東京タワーの[夜景]を見る会"), ("관측", "초신성[관측]파티 일정"), ("strasse", "Die [Straße] der alten Häuser")])
    func aSnippetMarksTheWordInside(query: String, snippet: String) async throws {
        let (daemon, index) = try await daemonWithRecords()
        defer { daemon.stop() }
        let hits = try await index.query(SearchQuery(text: query, snippets: SnippetOptions(start: "[", end: "]"))).hits
        #expect(hits.map(\.snippet) == [snippet])
    }

    @Test func completionsOfUnspacedTextProposeNoFragments() async throws {
        let (daemon, index) = try await daemonWithRecords()
        defer { daemon.stop() }
        let result = try await index.query(SearchQuery(text: "초신", completions: 10))
        #expect(result.hits.map(\.record.id) == ["ko"])
        #expect(result.completions ?? [] == [])
    }

    @Test func theLanguageOfARecordComesBackAsDonated() async throws {
        let (daemon, index) = try await daemonWithRecords()
        defer { daemon.stop() }
        let hits = try await index.query(SearchQuery(text: "관측")).hits
        #expect(hits.map(\.record) == [Self.records[0]])
    }

    @Test func aQueryWhoseLanguageIsNotATagIsRefused() async throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop() }
        let error = await #expect(throws: SpotlightError.self) {
            try await daemon.index().query(SearchQuery(text: "hello", language: "en_US!"))
        }
        #expect(error?.code == .invalidInput)
        #expect(error?.message.contains("BCP 47") == true)
    }

    @Test func aRecordWhoseLanguageIsNotATagIsRefused() async throws {
        let daemon = try DaemonProcess()
        defer { daemon.stop() }
        let error = await #expect(throws: SpotlightError.self) {
            try await daemon.index().indexRecords([text("1", "Hello", "not a tag")])
        }
        #expect(error?.code == .invalidInput)
        #expect(error?.message.contains("BCP 47") == true)
    }
}

/// Polls `condition` every 50 ms for up to 20 s (a rebuild runs in the background).
func waitUntil(_ condition: () async throws -> Bool) async throws {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
        if try await condition() { return }
        try await Task.sleep(nanoseconds: 50_000_000)
    }
    #expect(try await condition(), "the condition never held within 20 s")
}
