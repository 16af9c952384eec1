import SpotlightModel
import SpotlightProtocol

/// What a search is given (App Intents' `SearchCriteria`); its scopes say what content it covers.
public protocol SearchCriteria: Sendable {
    associatedtype SearchScopes = Void
}

/// The kinds of content a string search covers (App Intents' `StringSearchScope`). Only the cases
/// confirmed in Apple's documentation are here: `general` (what most apps declare), `freeformVideo`
/// and `tv`.
public enum StringSearchScope: Hashable, Sendable {
    /// A general search of the app's content.
    case general
    /// Free-form video, such as videos people upload.
    case freeformVideo
    /// Structured TV content: shows, seasons, episodes.
    case tv
}

/// A search for a string (App Intents' `StringSearchCriteria`): the term to match the app's items
/// against. As a parameter it travels as that string, so a test passes the term itself.
///
/// ```swift
/// try await definitions.intents["SearchBooksIntent"].makeIntent(criteria: "earthsea").run()
/// ```
public struct StringSearchCriteria: SearchCriteria, Hashable {
    public typealias SearchScopes = [StringSearchScope]
    /// The string to match the app's items against.
    public var term: String

    public init(term: String) { self.term = term }
}

extension StringSearchCriteria: IntentValue {
    public static var valueType: ValueType { .string }
    public var propertyValue: PropertyValue? { .string(term) }

    /// From a `.string`: the term.
    public static func resolve(_ value: PropertyValue) async throws -> StringSearchCriteria {
        guard case .string(let term) = value else { throw ValueConversionError.expected("a search term (a string)", got: value) }
        return StringSearchCriteria(term: term)
    }
}

/// An intent that shows the app's results for a search (App Intents' `ShowInAppSearchResultsIntent`,
/// a ``SystemIntent``). Declare the criteria as a parameter named `criteria`:
///
/// ```swift
/// struct SearchBooksIntent: ShowInAppSearchResultsIntent {
///     static let title: LocalizedStringResource = "Search Books"
///     static let searchScopes: [StringSearchScope] = [.general]
///     @Parameter(title: "Criteria") var criteria: StringSearchCriteria
///
///     func perform() async throws -> some IntentResult {
///         let found = try await library.books(matching: criteria.term)
///         AppScreen.shared.show(found.map(\.title))
///         return .result()
///     }
/// }
/// ```
///
/// It runs like any intent, by name: nothing here routes the system's searches to it.
public protocol ShowInAppSearchResultsIntent: SystemIntent {
    associatedtype Criteria: SearchCriteria
    /// The content the search covers.
    static var searchScopes: Criteria.SearchScopes { get }
    /// What to search for.
    var criteria: Criteria { get set }
}
