import Foundation

/// Text in several languages that reads as the one of the person's language (Core Spotlight's
/// `CSLocalizedString`): a string, so it goes wherever an attribute takes text.
///
/// ```swift
/// let song = CSLocalizedString(localizedStrings: ["en": "Song", "fr": "Chanson"])
/// attributes.displayName = song as String   // "Song" where the language is English
/// song.localizedString()                    // the same
/// ```
///
/// The language is the first of `Locale.preferredLanguages` the dictionary has (by its whole tag,
/// `fr-CA`, else its language, `fr`), else English (`en`), else the first tag in byte order. The
/// text is chosen when the string is made, so an item donated with it keeps that language's text
/// (Apple's index keeps every language and shows the one of the moment). Keys and values other
/// than strings are left out; with none left the string is empty.
open class CSLocalizedString: NSString {
    /// The chosen text, as UTF-16 (what `NSString` reads).
    private let units: [unichar]

    /// - Parameter localizedStrings: language tag → text (`["en": "Song", "fr": "Chanson"]`).
    public convenience init(localizedStrings: [AnyHashable: Any]) {
        var strings: [String: String] = [:]
        for case let (tag as String, text as String) in localizedStrings.map({ ($0.key.base, $0.value) }) {
            strings[tag] = text
        }
        let chosen = Array(Self.text(of: strings, preferring: Locale.preferredLanguages).utf16)
        self.init(characters: chosen, length: chosen.count)
    }

    /// The text of the person's language, as `as String` gives it.
    public func localizedString() -> String { String(utf16CodeUnits: units, count: units.count) }

    /// The text of the first of `languages` that `strings` has (whole tag, else its language),
    /// else of `en`, else of the first tag in byte order; empty when `strings` is.
    static func text(of strings: [String: String], preferring languages: [String]) -> String {
        for tag in languages {
            let language = String(tag.prefix { $0 != "-" && $0 != "_" })
            if let text = strings[tag] ?? strings[language] { return text }
        }
        if let english = strings["en"] { return english }
        return strings.min { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }?.value ?? ""
    }

    // NSString's own initializers, which a subclass must have: the text as given, in every language.
    public required override init(characters: UnsafePointer<unichar>, length: Int) {
        units = Array(UnsafeBufferPointer(start: characters, count: length))
        super.init(characters: characters, length: length)
    }
    public required convenience init(string: String) {
        let units = Array(string.utf16)
        self.init(characters: units, length: units.count)
    }
    public required convenience init(stringLiteral value: StaticString) { self.init(string: "\(value)") }
    public required convenience init(unicodeScalarLiteral value: StaticString) { self.init(string: "\(value)") }
    public required convenience init(extendedGraphemeClusterLiteral value: StaticString) { self.init(string: "\(value)") }
    /// Nil: a localized string is not archived here.
    public required convenience init?(coder: NSCoder) { return nil }

    open override var length: Int { units.count }
    open override func character(at index: Int) -> unichar { units[index] }
}
