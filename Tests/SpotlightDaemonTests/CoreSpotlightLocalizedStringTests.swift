import Foundation
@testable import SpotlightKit
import SpotlightModel
import Testing

/// `CSLocalizedString`, as Apple's reference page uses it: text in several languages given
/// where an attribute takes a string, read in the person's language.
@Suite struct CoreSpotlightLocalizedStringTests {
    static let song = ["en": "Song", "fr": "Chanson", "fr-CA": "Toune"]

    @Test func theTextIsThatOfTheFirstPreferredLanguageTheStringsHave() {
        #expect(CSLocalizedString.text(of: Self.song, preferring: ["de", "fr-FR", "en"]) == "Chanson")
        #expect(CSLocalizedString.text(of: Self.song, preferring: ["fr-CA"]) == "Toune")
    }

    @Test func withoutAPreferredLanguageTheTextIsEnglishElseTheFirstTag() {
        #expect(CSLocalizedString.text(of: Self.song, preferring: ["de"]) == "Song")
        #expect(CSLocalizedString.text(of: ["it": "Canzone", "fr": "Chanson"], preferring: ["de"]) == "Chanson")
        #expect(CSLocalizedString.text(of: [:], preferring: ["de"]) == "")
    }

    @Test func keysAndValuesOtherThanStringsAreLeftOut() {
        let odd = CSLocalizedString(localizedStrings: [1: "One", "en": 2, "xx": "Text"])
        #expect(odd.localizedString() == "Text")
    }

    @Test func anItemDonatedWithALocalizedDisplayNameComesBackWithThatLanguagesText() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let language = try #require(Locale.preferredLanguages.first)
        let attributes = CSSearchableItemAttributeSet(contentType: .item)
        attributes.displayName = CSLocalizedString(localizedStrings: [language: "Sång", "zz": "Other"]) as String
        try await daemon.index().indexSearchableItems([CSSearchableItem(uniqueIdentifier: "song", domainIdentifier: nil,
                                                                        attributeSet: attributes)])
        var names: [String?] = []
        for try await result in CSSearchQuery(queryString: #"uniqueIdentifier == "song""#, queryContext: nil,
                                              index: daemon.index()).results {
            names.append(result.item.attributeSet.displayName)
        }
        #expect(names == ["Sång"])
    }
}
