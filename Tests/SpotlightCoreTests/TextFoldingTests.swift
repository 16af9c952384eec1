import Foundation
import Testing
@testable import SpotlightCore

/// ``TextNormalizer``: ICU's NFKC_Casefold, diacritics folded, Turkish i's meeting; and
/// ``FoldedText``, which maps a snippet of folded text back to the original characters.
@Suite struct TextFoldingTests {
    @Test(arguments: [
        ("Straße", "strasse"), ("STRASSE", "strasse"), ("ẞ", "ss"),
        ("ΟΔΥΣΣΕΥΣ", "οδυσσευσ"), ("Οδυσσεύς", "οδυσσευσ"),
        ("ﬁle ﬂow", "file flow"), ("ＡＢＣ１２３", "abc123"),
        ("Café Crème", "cafe creme"), ("İstanbul", "istanbul"), ("ISPARTA", "isparta"), ("ılık", "ilik"),
        ("كِتَابٌ", "كتاب"), ("東京タワー", "東京タワー"), ("ｶﾀｶﾅ", "カタカナ"), ("が", "が"), ("관측", "관측"),
    ])
    func foldsToTheFormIndexAndQueryShare(text: String, folded: String) {
        #expect(TextNormalizer.fold(text) == folded)
    }

    @Test func asciiFastPathLowerCasesOnly() {
        #expect(TextNormalizer.fold("Hello, World 42!") == "hello, world 42!")
    }

    @Test func queryOperatorsStayUpperCaseWhileWordsFold() {
        #expect(TextNormalizer.foldQuery("Straße OR ΟΔΥΣΣΕΥΣ") == "strasse OR οδυσσευσ")
    }

    @Test func restoredSnippetShowsOriginalCharactersAroundTheMarkedMatch() {
        let folded = FoldedText("Café Supernova")
        #expect(folded.text == "cafe supernova")
        #expect(folded.restore("\u{1}cafe\u{2} supernova") == "\u{1}Café\u{2} Supernova")
    }

    @Test func markerInsideTheFoldOfOneCharacterMovesToItsEdges() {
        let folded = FoldedText("Die Straße")
        #expect(folded.restore("…stra\u{1}ss\u{2}e") == "…Stra\u{1}ß\u{2}e")
    }

    @Test func runNotInTheFoldedTextIsNotRestored() {
        #expect(FoldedText("Café").restore("tea") == nil)
    }
}
