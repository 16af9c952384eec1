internal import CXapian
import SpotlightModel
import Foundation

/// The language text is stemmed in, named by a BCP 47 tag (`en`, `de-CH`, `fr-CA`, `ko`): a
/// record's ``SpotlightModel/Record/language``, else as ``LanguageSettings`` say. A language Xapian has a stemmer for (its primary subtag: `de`,
/// `fr`, `tr`, `ar`, ...) is stemmed with it; any other language is indexed unstemmed.
///
/// The index keeps the stemmed languages it holds in ``TermSchema/Metadata/languages``, so a
/// query is expanded with each of their stemmers unless it names its own language.
///
/// ```swift
/// Languages.primary("de-CH")            // "de"
/// Languages.hasStemmer("fr-CA")         // true
/// Languages.hasStemmer("ko")            // false: Korean is not stemmed
/// Languages.isWellFormed("not a tag")   // false
/// ```
///
/// Only ``english`` and ``isWellFormed(_:)`` are public (spotlightd checks `--language` with it).
public enum Languages {
    /// The default language of records that name none.
    public static let english = "en"

    /// Stands in ``TermSchema/Metadata/languages`` for the languages without a stemmer (`el`,
    /// `he`, `hi`, `ko`, ...): a query is read unstemmed too, as their words are indexed. Not a
    /// BCP 47 tag, so no stemmer is found for it (`cx_stemmer_for_language`).
    static let unstemmed = "none"

    /// The primary subtag, lower-cased: `"fr-CA"` → `"fr"`.
    static func primary(_ tag: String) -> String {
        String(tag.prefix { $0 != "-" && $0 != "_" }).lowercased()
    }

    /// Whether `tag` is shaped like a BCP 47 tag (``SpotlightModel/LanguageTag``).
    public static func isWellFormed(_ tag: String) -> Bool { LanguageTag.isWellFormed(tag) }

    /// Whether Xapian has a stemmer for the tag's primary subtag.
    static func hasStemmer(_ tag: String) -> Bool {
        var found: Int32 = 0
        return (try? check("the stemmers", "look up \(tag)") { cx_language_has_stemmer(tag, &found, $0) }) != nil
            && found != 0
    }

    /// The stemmed languages in a ``TermSchema/Metadata/languages`` value (`"de,en"`).
    static func decode(_ metadata: String?) -> Set<String> {
        Set((metadata ?? "").split(separator: ",").map(String.init))
    }

    static func encode(_ languages: Set<String>) -> String { languages.sorted().joined(separator: ",") }

    /// The languages a query is stemmed in: the one it names, else those of the index
    /// (English first when present), else English.
    static func forQuery(named: String?, inIndex: Set<String>) -> [String] {
        if let named { return [named] }
        guard !inIndex.isEmpty else { return [english] }
        return inIndex.sorted { ($0 == english ? 0 : 1, $0) < ($1 == english ? 0 : 1, $1) }
    }
}

/// Which language a record without its own ``SpotlightModel/Record/language`` is indexed in:
/// its bundle's (`spotlightd --bundle-language BUNDLE=TAG`), else the default
/// (`spotlightd --language`, English unless set). Stored in the index at every commit
/// (``TermSchema/Metadata/languageSettings``); an index built with other settings is rebuilt.
///
/// ```swift
/// var settings = LanguageSettings()
/// settings.bundles["com.example.Notizen"] = "de"
/// settings.language(of: record)   // record.language ?? "de" for that bundle ?? "en"
/// ```
public struct LanguageSettings: Codable, Hashable, Sendable {
    /// The language of records that name none and whose bundle has none.
    public var defaultLanguage: String
    /// Bundle identifier -> the language of its records that name none.
    public var bundles: [String: String]

    public init(defaultLanguage: String = Languages.english, bundles: [String: String] = [:]) {
        self.defaultLanguage = defaultLanguage
        self.bundles = bundles
    }

    /// The BCP 47 tag `record`'s text is stemmed in.
    public func language(of record: Record) -> String {
        record.language ?? bundles[record.bundle] ?? defaultLanguage
    }

    /// The stored form: JSON with sorted keys.
    var encoded: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    /// The settings in a stored value; nil (an index from before they were stored) reads as English.
    static func decode(_ stored: String?) throws -> LanguageSettings {
        guard let stored else { return LanguageSettings() }
        do {
            return try JSONValue.parse(Data(stored.utf8)).decode(LanguageSettings.self)
        } catch {
            throw SpotlightError(.corrupt, "the index's language settings are not readable: \(stored); "
                + "rebuild the index from the record store", underlying: "\(error)")
        }
    }
}
