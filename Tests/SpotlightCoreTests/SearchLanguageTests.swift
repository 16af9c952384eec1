import Foundation
import Testing
@testable import SpotlightCore
import SpotlightModel

/// Text in every language on one index: words inside unspaced CJK text, folding, stemming by
/// each record's language, snippets, and no n-gram fragments in spelling or completions.
@Suite struct SearchLanguageTests {
    static func multilingual() throws -> TempIndex {
        func r(_ id: String, _ title: String, _ language: String?) -> Record {
            var record = record(id, title)
            record.language = language
            return record
        }
        return try TempIndex().add(
            r("ko", "초신성관측파티 일정", "ko"), r("ja", "東京タワーの夜景を見る会", "ja"), r("zh", "北京烤鸭晚餐", "zh"),
            r("de", "Die Straße der Sternwarten", "de"), r("fr", "Café Supernova", "fr"),
            r("el", "ΟΔΥΣΣΕΥΣ και οι πλανήτες", "el"), r("en", "Watching the running comets", nil))
    }

    func ids(_ t: TempIndex, _ text: String, language: String? = nil) throws -> [String] {
        try t.index.search(SearchQuery(text: text, language: language), now: Date()).hits.map(\.record.id)
    }

    @Test(arguments: [("관측", "ko"), ("초신성", "ko"), ("夜景", "ja"), ("東京", "ja"), ("烤鸭", "zh"),
                      ("strasse", "de"), ("STRASSE", "de"), ("Straße", "de"), ("οδυσσευς", "el"), ("cafe", "fr")])
    func findsByAWordInside(query: String, id: String) throws {
        #expect(try ids(try Self.multilingual(), query) == [id])
    }

    /// A reader reads the index's languages once per revision: one that a later write
    /// brought counts once the reader moves to that revision.
    @Test func aReaderStemsInALanguageAddedAfterItOpened() throws {
        let t = try TempIndex().add(record("en", "Watching the running comets"))
        let reader = try SearchIndex.openReadOnly(.local(path: t.path))
        defer { reader.close() }
        func ids(_ text: String) throws -> [String] {
            try reader.search(SearchQuery(text: text), now: Date()).hits.map(\.record.id)
        }
        #expect(try ids("Sternwarten") == [])
        var german = record("de", "Die Sternwarte")
        german.language = "de"
        try t.add(german)
        try reader.reopen()
        #expect(try ids("Sternwarten") == ["de"])
    }

    /// Xapian's query parser stems every word but the one being typed, and a language without
    /// a stemmer (Greek, Hebrew, Hindi) has no stems in the index: its words are read unstemmed
    /// too, so a query of several of them finds the record, in the text and in a field.
    @Test(arguments: ["οδυσσευς πλανητες", "πλανήτες ΟΔΥΣΣΕΥΣ ", "title:οδυσσευς πλανητες", "οι και"])
    func severalWordsFindARecordInALanguageWithoutAStemmer(query: String) throws {
        let t = try Self.multilingual()
        #expect(try ids(t, query) == ["el"])
    }

    @Test func aFieldFindsAWordInsideUnspacedText() throws {
        let t = try Self.multilingual()
        #expect(try ids(t, "title:夜景") == ["ja"])
        #expect(try ids(t, "title:관측 OR title:烤鸭").sorted() == ["ko", "zh"])
    }

    @Test func snippetMarksAMatchThroughFolding() throws {
        let t = try Self.multilingual()
        let result = try t.index.search(SearchQuery(text: "cafe", snippets: SnippetOptions(start: "[", end: "]")), now: Date())
        #expect(result.hits.first?.snippet == "[Café] Supernova")
    }

    @Test func snippetOfALongRecordIsCutAndShownInTheOriginalCharacters() throws {
        let long = (1...40).map { "Étoile \($0) au-dessus du château." }.joined(separator: " ")
        let t = try TempIndex().add(record("1", "Soirée d’observation", subtitle: "Café Supernova",
                                           keywords: ["ÉTÉ"], properties: ["notes": .string(long + " Crème brûlée.")]))
        let result = try t.index.search(SearchQuery(text: "creme brulee", snippets: SnippetOptions(length: 60, start: "[", end: "]")),
                                        now: Date())
        let snippet = try #require(result.hits.first?.snippet)
        #expect(snippet.contains("[Crème] [brûlée]"))
        #expect(snippet.hasPrefix("…"))
        #expect(!snippet.contains("\u{1}") && !snippet.contains("\u{2}"))
    }

    /// Format characters (general category Cf) are part of the text a person reads: the zero
    /// width joiner inside an emoji sequence, the non-joiner of Persian, a right-to-left mark.
    @Test(arguments: [
        ("Party \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} time", "party", "[Party] \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} time"),
        ("\u{6A9}\u{62A}\u{627}\u{628} \u{645}\u{6CC}\u{200C}\u{62E}\u{648}\u{627}\u{647}\u{645}", "\u{6A9}\u{62A}\u{627}\u{628}",
         "[\u{6A9}\u{62A}\u{627}\u{628}] \u{645}\u{6CC}\u{200C}\u{62E}\u{648}\u{627}\u{647}\u{645}"),
        ("Tel Aviv \u{200F}\u{5EA}\u{5DC} \u{5D0}\u{5D1}\u{5D9}\u{5D1}", "aviv", "Tel [Aviv] \u{200F}\u{5EA}\u{5DC} \u{5D0}\u{5D1}\u{5D9}\u{5D1}"),
    ])
    func snippetKeepsFormatCharactersOfTheText(title: String, query: String, snippet: String) throws {
        let t = try TempIndex().add(record("1", title))
        let result = try t.index.search(SearchQuery(text: query, snippets: SnippetOptions(start: "[", end: "]")), now: Date())
        #expect(result.hits.first?.snippet == snippet)
    }

    @Test func snippetMarksAWordInsideCJKText() throws {
        let t = try Self.multilingual()
        let result = try t.index.search(SearchQuery(text: "夜景", snippets: SnippetOptions(start: "[", end: "]")), now: Date())
        #expect(result.hits.first?.snippet == "東京タワーの[夜景]を見る会")
    }

    @Test func completionsNeverProposeNgrams() throws {
        let t = try Self.multilingual()
        let result = try t.index.search(SearchQuery(text: "東", completions: 10), now: Date())
        #expect(result.hits.map(\.record.id) == ["ja"])
        #expect(result.completions == [])
    }

    @Test func spellingDictionaryHoldsWordsButNoNgrams() throws {
        let t = try Self.multilingual()
        #expect(try t.index.handle.spellingFrequency("supernova") == 1)
        #expect(try t.index.handle.spellingFrequency("東京") == 0)
        #expect(try t.index.handle.spellingFrequency("관측") == 0)
    }

    /// Xapian indexed no word over 64 bytes: a run of Thai (unspaced) over 21 characters was
    /// found by nothing, not even its beginning.
    @Test func aLongRunOfThaiIsFoundByItsBeginning() throws {
        var thai = record("th", "ภาษาไทยง่ายนิดเดียวมากครับผมคิดว่า")
        thai.language = "th"
        #expect(try ids(try TempIndex().add(thai), "ภาษา") == ["th"])
    }

    @Test func aLongDevanagariCompoundIsFoundWhole() throws {
        var hindi = record("hi", "हिन्दीभाषाविज्ञानविभाग सम्मेलन")
        hindi.language = "hi"
        #expect(try ids(try TempIndex().add(hindi), "हिन्दीभाषाविज्ञानविभाग") == ["hi"])
    }

    /// No normal form takes `œ`, `ł`, `ø`, `đ` or `ð` apart, so `coeur`, typed on a keyboard
    /// without `œ`, found no `cœur`, nor `lodz` `Łódź`; nor did a Persian word typed with the
    /// Arabic keyboard's kaf (`كتاب`) find it written with keheh (`کتاب`). Both ways.
    @Test(arguments: [("coeur", "Le cœur de l'œuvre"), ("oeuvre", "Une œuvre"), ("lodz", "Łódź i Gdańsk"),
                      ("kobenhavn", "København og Ærø"), ("aero", "København og Ærø"), ("da nang", "Đà Nẵng"),
                      ("gudmundsson", "Þórður Guðmundsson"), ("thordur", "Þórður Guðmundsson"),
                      ("كتاب", "کتاب"), ("Łódź", "Lodz"), ("œuvre", "oeuvre")])
    func aPlainLetterMeetsItsStrokeOrLigatureForm(query: String, title: String) throws {
        #expect(try ids(try TempIndex().add(record("r", title)), query) == ["r"])
    }

    /// Folding `й` to `и` made `Новый` the word `новыи`, which the Russian stemmer does not
    /// take to the stem of `новая`: a Russian adjective was not found by its other forms.
    @Test(arguments: [("новая", "Новый год"), ("большая", "Большой театр"), ("красивый", "Красивые цветы")])
    func aRussianAdjectiveIsFoundByItsOtherForms(query: String, title: String) throws {
        var russian = record("ru", title)
        russian.language = "ru"
        #expect(try ids(try TempIndex().add(russian), query + " ") == ["ru"])
    }

    /// Hiragana and Katakana of the same sound stayed apart: `てれび`, typed before the IME
    /// converts it, found no `テレビ`. Both ways, voiced and small letters too.
    @Test(arguments: [("てれび", "テレビ番組表"), ("テレビ", "てれびの時間"), ("がっこう", "ガッコウ祭り"),
                      ("ヴぁいおりん", "ゔぁいおりん教室"), ("ﾃﾚﾋﾞ", "てれび番組")])
    func hiraganaAndKatakanaOfOneSoundMeet(query: String, title: String) throws {
        var japanese = record("ja", title)
        japanese.language = "ja"
        #expect(try ids(try TempIndex().add(japanese), query) == ["ja"])
    }

    @Test func snippetMarksAKatakanaWordFoundInHiragana() throws {
        let t = try TempIndex().add(record("ja", "東京のテレビ塔"))
        let result = try t.index.search(SearchQuery(text: "てれび", snippets: SnippetOptions(start: "[", end: "]")), now: Date())
        #expect(result.hits.first?.snippet == "東京の[テレビ]塔")
    }
}
