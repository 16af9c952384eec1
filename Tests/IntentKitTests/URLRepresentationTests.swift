import Foundation
import IntentKit
import Testing

// URLRepresentableEntity and URLRepresentableIntent as Apple's documentation writes them.

struct LinkedNoteEntity: AppEntity, URLRepresentableEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Note"
    static let defaultQuery = LinkedNoteQuery()
    @Property(title: "Content ID") var contentID: String
    let id: Int
    var displayRepresentation: DisplayRepresentation { "Note \(id)" }

    static let urlRepresentation = URLRepresentation("https://example.com/note=\(\.$contentID)")

    init(id: Int, contentID: String) {
        self.id = id
        self.contentID = contentID
    }
}

struct LinkedNoteQuery: EntityQuery {
    func entities(for identifiers: [Int]) async throws -> [LinkedNoteEntity] { [] }
}

/// An entity whose URL is its identifier, written as a computed property.
struct FeatureEntity: AppEntity, URLRepresentableEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Feature"
    static let defaultQuery = FeatureQuery()
    let id: String
    var displayRepresentation: DisplayRepresentation { "\(id)" }
    static var urlRepresentation: URLRepresentation { "https://myurl.com/\(\.id)" }
}

/// Its URL written as one of Apple's samples does, `\(.id)` without the key path's backslash.
struct TrailLinkEntity: AppEntity, URLRepresentableEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Trail"
    static let defaultQuery = TrailLinkQuery()
    let id: Int
    var displayRepresentation: DisplayRepresentation { "Trail \(id)" }
    static let urlRepresentation: URLRepresentation = "https://example.com/trail/\(.id)/details"
}

struct TrailLinkQuery: EntityQuery {
    func entities(for identifiers: [Int]) async throws -> [TrailLinkEntity] { [] }
}

@Test func anEntitysURLTakesItsIdentifierWrittenWithoutTheBackslash() async {
    #expect(await TrailLinkEntity.urlRepresentation.url(for: TrailLinkEntity(id: 7))?.absoluteString
            == "https://example.com/trail/7/details")
}

struct FeatureQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [FeatureEntity] { [] }
}

struct OpenAppleDotCom: URLRepresentableIntent {
    static let urlRepresentation: URLRepresentation = "https://www.apple.com/\(\.$page)"
    @Parameter(title: "Page") var page: String
    static let title: LocalizedStringResource = "Open Apple website"
    func perform() async throws -> some IntentResult { .result() }
}

struct OpenFeatureIntent: OpenIntent, URLRepresentableIntent {
    static let title: LocalizedStringResource = "Open Feature"
    static let urlRepresentation: URLRepresentation = "https://myurl.com/open/\(\.$target)?from=\(\.$source)"
    @Parameter(title: "My feature") var target: FeatureEntity
    @Parameter(title: "Source") var source: Int?
    func perform() async throws -> some IntentResult { .result() }
}

@Test func anEntitysURLHasItsPropertyInPlaceOfTheKeyPath() async {
    let note = LinkedNoteEntity(id: 3, contentID: "groceries 2026/06")
    #expect(await LinkedNoteEntity.urlRepresentation.url(for: note)?.absoluteString
            == "https://example.com/note=groceries%202026%2F06")
    #expect(await FeatureEntity.urlRepresentation.url(for: FeatureEntity(id: "dark-mode"))?.absoluteString
            == "https://myurl.com/dark-mode")
}

@Test func anIntentsURLHasItsParametersAndAnEntityStandsForItsIdentifier() async {
    let open = OpenAppleDotCom()
    open.page = "iphone"
    #expect(await OpenAppleDotCom.urlRepresentation.url(for: open)?.absoluteString == "https://www.apple.com/iphone")

    let feature = OpenFeatureIntent()
    feature.target = FeatureEntity(id: "sync")
    #expect(await OpenFeatureIntent.urlRepresentation.url(for: feature) == nil, "an unset optional makes no URL")
    feature.source = 4
    #expect(await OpenFeatureIntent.urlRepresentation.url(for: feature)?.absoluteString
            == "https://myurl.com/open/sync?from=4")
}

@Test func anUnsetParameterMakesNoURL() async {
    #expect(await OpenAppleDotCom.urlRepresentation.url(for: OpenAppleDotCom()) == nil)
}
