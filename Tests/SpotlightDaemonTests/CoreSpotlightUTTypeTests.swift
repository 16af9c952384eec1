import Foundation
import SpotlightKit
import Testing

/// Apple's `UTType` API beyond the identifier, so ported code that asks what a type conforms to,
/// maps a file name extension or MIME type, or encodes a type compiles and answers as Apple's does
/// for the types SpotlightKit knows.
@Suite struct CoreSpotlightUTTypeTests {
    /// Each type conforms to its parents as Apple documents them, and to theirs.
    @Test(arguments: [
        (UTType.plainText, UTType.text), (.plainText, .data), (.plainText, .content), (.plainText, .item),
        (.utf8PlainText, .plainText), (.html, .text), (.json, .text), (.commaSeparatedText, .delimitedText),
        (.commaSeparatedText, .text), (.png, .image), (.heic, .image), (.mp3, .audio),
        (.mpeg4Movie, .audiovisualContent), (.quickTimeMovie, .content), (.pdf, .compositeContent),
        (.zip, .archive), (.zip, .data), (.vCard, .contact), (.vCard, .text), (.emailMessage, .message),
        (.folder, .directory), (.folder, .item), (.fileURL, .url), (.fileURL, .data),
    ])
    func aTypeConformsToItsDocumentedSupertypes(type: UTType, supertype: UTType) {
        #expect(type.conforms(to: supertype))
    }

    @Test func conformanceRunsUpwardOnly() {
        #expect(!UTType.text.conforms(to: .plainText))
        #expect(!UTType.image.conforms(to: .text))
        #expect(!UTType.directory.conforms(to: .data))
        #expect(!UTType.emailMessage.conforms(to: .data))
    }

    @Test func subtypeAndSupertypeLeaveOutTheTypeItself() {
        #expect(UTType.text.conforms(to: .text))
        #expect(!UTType.text.isSubtype(of: .text))
        #expect(!UTType.text.isSupertype(of: .text))
        #expect(UTType.html.isSubtype(of: .text))
        #expect(UTType.text.isSupertype(of: .html))
        #expect(!UTType.html.isSupertype(of: .text))
    }

    @Test func supertypesAreEveryAncestor() {
        #expect(UTType.png.supertypes == [.image, .data, .item, .content])
        #expect(UTType.item.supertypes.isEmpty)
    }

    @Test func aTypeTheAppExportsConformsToItsParentFromThenOn() {
        let recipe = UTType(exportedAs: "com.example.utttests.recipe", conformingTo: .json)
        #expect(recipe.conforms(to: .text))
        #expect(recipe.supertypes == [.json, .text, .data, .item, .content])
        #expect(UTType("com.example.utttests.recipe")?.conforms(to: .json) == true)
        #expect(recipe.isDeclared)
        let map = UTType(importedAs: "org.example.utttests.map", conformingTo: .data)
        #expect(map.isSubtype(of: .item))
    }

    @Test func aTypeNothingDeclaresConformsOnlyToItself() throws {
        let unknown = try #require(UTType("com.example.utttests.unknown"))
        #expect(unknown.supertypes.isEmpty)
        #expect(unknown.conforms(to: unknown))
        #expect(!unknown.conforms(to: .data))
        #expect(!unknown.isDeclared)
    }

    @Test(arguments: [("txt", UTType.plainText), ("JPG", .jpeg), ("jpeg", .jpeg), ("htm", .html), ("json", .json),
                      ("pdf", .pdf), ("csv", .commaSeparatedText), ("zip", .zip),
                      ("vcf", .vCard), ("heic", .heic), ("mov", .quickTimeMovie), ("mp4", .mpeg4Movie)])
    func aFilenameExtensionGivesItsBuiltInType(filenameExtension: String, type: UTType) {
        #expect(UTType(filenameExtension: filenameExtension) == type)
    }

    @Test(arguments: [("text/plain", UTType.plainText), ("TEXT/HTML", .html), ("application/json", .json),
                      ("text/xml", .xml), ("image/png", .png), ("audio/mpeg", .mp3)])
    func aMIMETypeGivesItsBuiltInType(mimeType: String, type: UTType) {
        #expect(UTType(mimeType: mimeType) == type)
    }

    /// Apple documents no parent for `public.message`, so an email message is not `.data` here:
    /// its extension and MIME type find it when asked for a message.
    @Test func anEmailMessageIsFoundByItsTagsAsAMessage() throws {
        #expect(UTType(filenameExtension: "eml", conformingTo: .message) == .emailMessage)
        #expect(UTType(mimeType: "message/rfc822", conformingTo: .message) == .emailMessage)
        #expect(try #require(UTType(filenameExtension: "eml")).isDynamic)
        #expect(UTType.emailMessage.preferredFilenameExtension == "eml")
    }

    @Test func anExtensionNoKnownTypeHasGivesADynamicTypeThatKeepsIt() throws {
        let recipe = try #require(UTType(filenameExtension: "Recipe.v2"))
        #expect(recipe.isDynamic)
        #expect(!recipe.isDeclared)
        #expect(recipe.conforms(to: .data))
        #expect(recipe.preferredFilenameExtension == "recipe.v2")
        #expect(recipe.preferredMIMEType == nil)
        #expect(UTType(filenameExtension: "recipe.v2") == recipe)
    }

    @Test func anExtensionWhoseTypeDoesNotConformGivesADynamicTypeOfTheAskedSupertype() throws {
        let text = try #require(UTType(filenameExtension: "txt", conformingTo: .image))
        #expect(text.isDynamic)
        #expect(text.conforms(to: .image))
        #expect(UTType(filenameExtension: "txt", conformingTo: .text) == .plainText)
        let mime = try #require(UTType(mimeType: "application/x-recipe", conformingTo: .text))
        #expect(mime.conforms(to: .text) && mime.preferredMIMEType == "application/x-recipe")
    }

    @Test func anEmptyExtensionOrMIMETypeIsNil() {
        #expect(UTType(filenameExtension: "") == nil)
        #expect(UTType(filenameExtension: "a/b") == nil)
        #expect(UTType(mimeType: "") == nil)
    }

    @Test func theBuiltInTypesHaveApplesPreferredExtensionAndMIMEType() {
        #expect(UTType.jpeg.preferredFilenameExtension == "jpeg")
        #expect(UTType.jpeg.preferredMIMEType == "image/jpeg")
        #expect(UTType.plainText.preferredFilenameExtension == "txt")
        #expect(UTType.pdf.preferredMIMEType == "application/pdf")
        #expect(UTType.text.preferredFilenameExtension == nil)
        #expect(UTType.text.preferredMIMEType == nil)
    }

    @Test func theTagClassesHaveApplesIdentifiers() {
        #expect(UTTagClass.filenameExtension.rawValue == "public.filename-extension")
        #expect(UTTagClass.mimeType.rawValue == "public.mime-type")
        #expect(UTTagClass(rawValue: "public.mime-type") == .mimeType)
    }

    @Test func aTagFindsItsBuiltInTypeWhateverItConformsTo() {
        #expect(UTType(tag: "JPG", tagClass: .filenameExtension, conformingTo: nil) == .jpeg)
        #expect(UTType(tag: "text/xml", tagClass: .mimeType, conformingTo: .text) == .xml)
        // No parent of `.message` is `.data`: without a supertype the email type is found.
        #expect(UTType(tag: "eml", tagClass: .filenameExtension, conformingTo: nil) == .emailMessage)
        #expect(UTType(tag: "eml", tagClass: .filenameExtension, conformingTo: .data)?.isDynamic == true)
    }

    @Test func aTagNoTypeHasGivesADynamicTypeOfTheSupertype() throws {
        let loose = try #require(UTType(tag: "utttests-recipe", tagClass: .filenameExtension, conformingTo: nil))
        #expect(loose.isDynamic && loose.conforms(to: .data))
        let json = try #require(UTType(tag: "application/x-utttests", tagClass: .mimeType, conformingTo: .json))
        #expect(json.isDynamic && json.conforms(to: .json))
        #expect(json.tags == [.mimeType: ["application/x-utttests"]])
    }

    @Test func anotherTagClassOrAnImpossibleTagFindsNothing() {
        let ostype = UTTagClass(rawValue: "com.apple.ostype")
        #expect(UTType(tag: "TEXT", tagClass: ostype, conformingTo: nil) == nil)
        #expect(UTType.types(tag: "TEXT", tagClass: ostype, conformingTo: nil).isEmpty)
        #expect(UTType(tag: "", tagClass: .mimeType, conformingTo: nil) == nil)
        #expect(UTType.types(tag: "a/b", tagClass: .filenameExtension, conformingTo: nil).isEmpty)
    }

    @Test func typesListsTheBuiltInTypesOfATagThatConform() throws {
        #expect(UTType.types(tag: "xml", tagClass: .filenameExtension, conformingTo: .text) == [.xml])
        let image = UTType.types(tag: "xml", tagClass: .filenameExtension, conformingTo: .image)
        #expect(image.count == 1)
        #expect(try #require(image.first).isDynamic && image[0].conforms(to: .image))
    }

    @Test func tagsAreATypesExtensionsAndMIMETypesPreferredFirst() {
        #expect(UTType.jpeg.tags == [.filenameExtension: ["jpeg", "jpg", "jpe"], .mimeType: ["image/jpeg"]])
        #expect(UTType.text.tags.isEmpty)
        #expect(UTType(exportedAs: "com.example.utttests.tagless", conformingTo: .json).tags.isEmpty)
        #expect(UTType.jpeg.tags[.filenameExtension]?.first == UTType.jpeg.preferredFilenameExtension)
    }

    @Test func everyBuiltInTypeDescribesItselfAndADeclaredOneDoesNot() throws {
        let named: [UTType] = [.item, .content, .data, .text, .plainText, .utf8PlainText, .html, .url, .json, .image,
                               .audiovisualContent, .audio, .movie, .compositeContent, .pdf, .contact, .vCard,
                               .calendarEvent, .emailMessage, .message, .folder, .jpeg, .png, .gif, .heic, .heif,
                               .tiff, .mp3, .mpeg4Movie, .quickTimeMovie, .rtf, .xml, .delimitedText,
                               .commaSeparatedText, .archive, .zip, .fileURL, .directory]
        #expect(named.filter { ($0.localizedDescription ?? "").isEmpty }.isEmpty)
        #expect(UTType.png.localizedDescription == "PNG image")
        #expect(UTType.pdf.localizedDescription == "PDF document")
        #expect(UTType(exportedAs: "com.example.utttests.described").localizedDescription == nil)
        #expect(try #require(UTType(filenameExtension: "utttests-none")).localizedDescription == nil)
    }

    @Test func noTypeHasAReferenceURLOrVersionWithoutADeclarationToReadThemFrom() {
        // Ported code reading them compiles and finds none, as Apple's does for an undeclared field.
        let declared = UTType(exportedAs: "com.example.utttests.referenced", conformingTo: .json)
        #expect([UTType.png, .pdf, declared].compactMap(\.referenceURL).isEmpty)
        #expect([UTType.png, .pdf, declared].compactMap(\.version).isEmpty)
    }

    @Test func aTypeIsEncodedAsItsIdentifier() throws {
        let data = try JSONEncoder().encode([UTType.png, UTType(exportedAs: "com.example.utttests.note")])
        #expect(String(decoding: data, as: UTF8.self) == #"["public.png","com.example.utttests.note"]"#)
        #expect(try JSONDecoder().decode([UTType].self, from: data) == [.png, UTType("com.example.utttests.note")])
    }

    @Test func decodingTextThatIsNoIdentifierThrows() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([UTType].self, from: Data(#"["not a type"]"#.utf8)) }
    }

    @Test func aTypeDescribesItselfByItsIdentifier() {
        #expect("\(UTType.plainText)" == "public.plain-text")
        #expect(String(reflecting: UTType.plainText) == "public.plain-text (declared)")
    }
}
