import Foundation
import Testing
@testable import SpotlightCore

/// ``TextNormalizer``: ICU's NFKC_Casefold, diacritics folded, Turkish i's meeting, Katakana as
/// Hiragana; and ``FoldedText``, which maps a snippet of folded text back to the original characters.
@Suite struct TextFoldingTests {
    @Test(arguments: [
        ("Straße", "strasse"), ("STRASSE", "strasse"), ("ẞ", "ss"),
        ("ΟΔΥΣΣΕΥΣ", "οδυσσευσ"), ("Οδυσσεύς", "οδυσσευσ"),
        ("ﬁle ﬂow", "file flow"), ("ＡＢＣ１２３", "abc123"),
        ("Café Crème", "cafe creme"), ("İstanbul", "istanbul"), ("ISPARTA", "isparta"), ("ılık", "ilik"),
        ("كِتَابٌ", "كتاب"), ("東京タワー", "東京たわー"), ("ｶﾀｶﾅ", "かたかな"), ("が", "が"), ("ガッコウ", "がっこう"),
        ("ヷ・ヽ", "ヷ・ゝ"), ("관측", "관측"),
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

/// `TextNormalizer.trimmed` leaves what Foundation's `trimmingCharacters(in:
/// .whitespacesAndNewlines)` leaves, scalar for scalar.
@Suite struct TextTrimmingTests {
    /// Every scalar of the Basic Multilingual Plane Foundation counts as whitespace or newline.
    static let foundationWhitespace: [Unicode.Scalar] = (0...0xFFFF).compactMap { Unicode.Scalar($0) }
        .filter { CharacterSet.whitespacesAndNewlines.contains($0) }

    @Test func everyWhitespaceScalarIsTrimmedAndNothingElse() {
        #expect(Self.foundationWhitespace.count > 20)
        for scalar in (0...0xFFFF).compactMap({ Unicode.Scalar($0) }) {
            let text = "\(scalar)a\(scalar)b\(scalar)"
            #expect(TextNormalizer.trimmed(text) == text.trimmingCharacters(in: .whitespacesAndNewlines),
                    "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test(arguments: ["", " ", "\n\t \u{3000}", "saturn", " saturn rings\n", "\u{301}a ", " \u{301}a", "a \u{85}",
                      "\u{2028}title:lib\u{2029}", "ｓａｔｕｒｎ\u{3000}", "😀 ", " é"])
    func aTextIsTrimmedAsFoundationTrimsIt(_ text: String) {
        #expect(TextNormalizer.trimmed(text) == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(Array(TextNormalizer.trimmed(text).unicodeScalars) == Array(text.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars))
    }
}
