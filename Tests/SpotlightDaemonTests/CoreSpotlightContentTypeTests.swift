import Foundation
import SpotlightKit
import SpotlightModel
import Testing

/// The content type of `CSSearchableItemAttributeSet(contentType:)` is donated as Apple's uniform
/// type identifier, so a query string that names the identifier finds the item.
@Suite struct CoreSpotlightContentTypeTests {
    /// The identifiers the query string `contentType == "<identifier>"` finds, one item per type given.
    static func foundContentTypes(_ types: [String: CSSearchableItemAttributeSet]) async throws -> [String] {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        try await daemon.index().indexSearchableItems(types.map { id, attributes in
            attributes.title = id
            return CSSearchableItem(uniqueIdentifier: id, domainIdentifier: nil, attributeSet: attributes)
        })
        var found: [String] = []
        for id in types.keys.sorted() {
            let query = CSSearchQuery(queryString: #"contentType == "\#(id)""#, queryContext: nil, index: daemon.index())
            for try await result in query.results { found.append(result.item.uniqueIdentifier) }
        }
        return found
    }

    @Test func anEmailMessageIsOfApplesEmailMessageType() async throws {
        let found = try await Self.foundContentTypes(["public.email-message": CSSearchableItemAttributeSet(contentType: .emailMessage)])
        #expect(found == ["public.email-message"])
    }

    @Test func theOlderSamplesKUTTypeConstantsAreTheirIdentifiers() async throws {
        let found = try await Self.foundContentTypes([
            "public.data": CSSearchableItemAttributeSet(itemContentType: kUTTypeData as String),
            "public.item": CSSearchableItemAttributeSet(itemContentType: kUTTypeItem as String),
            "public.text": CSSearchableItemAttributeSet(itemContentType: kUTTypeText as String),
            "public.jpeg": CSSearchableItemAttributeSet(itemContentType: kUTTypeJPEG as String),
            "public.png": CSSearchableItemAttributeSet(itemContentType: kUTTypePNG as String),
            "public.mpeg-4": CSSearchableItemAttributeSet(itemContentType: kUTTypeMPEG4 as String),
        ])
        #expect(found == ["public.data", "public.item", "public.jpeg", "public.mpeg-4", "public.png", "public.text"])
    }

    /// Apple's ways of making a type compile as written: the failable `UTType(_:)`, a type the app
    /// exports or imports, and the image types an app's files have.
    @Test func applesTypeInitializersAndImageTypesAreTheirIdentifiers() async throws {
        let note = try #require(UTType("com.example.note"))
        let found = try await Self.foundContentTypes([
            "com.example.note": CSSearchableItemAttributeSet(contentType: note),
            "com.example.recipe": CSSearchableItemAttributeSet(contentType: UTType(exportedAs: "com.example.recipe")),
            "org.example.map": CSSearchableItemAttributeSet(contentType: UTType(importedAs: "org.example.map",
                                                                                conformingTo: .data)),
            "public.jpeg": CSSearchableItemAttributeSet(contentType: .jpeg),
            "public.png": CSSearchableItemAttributeSet(contentType: .png),
        ])
        #expect(found == ["com.example.note", "com.example.recipe", "org.example.map", "public.jpeg", "public.png"])
        #expect(UTType("") == nil)
        #expect(UTType("not a type") == nil)
        #expect(UTType("public.plain-text") == .plainText)
    }
}
