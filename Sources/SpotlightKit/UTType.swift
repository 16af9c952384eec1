import Foundation

/// Apple's `UTType` (UniformTypeIdentifiers is not on Linux): a type's identifier, Apple's ways of
/// making one, the common types by Apple's names, their type tree and their file name extensions
/// and MIME types. Drop `import UniformTypeIdentifiers` when porting; `.text` and friends then
/// resolve here.
///
/// There is no system registry: what is known is the table of the built-in types named below (their
/// parents as Apple documents them, their common extensions and MIME types) and the types the app
/// declares while it runs with `UTType(exportedAs:conformingTo:)` or `UTType(importedAs:conformingTo:)`.
///
/// ```swift
/// UTType.plainText.conforms(to: .text)                  // true
/// UTType(filenameExtension: "JPG") == .jpeg              // true
/// UTType.pdf.preferredMIMEType                            // "application/pdf"
/// let recipe = UTType(exportedAs: "com.example.recipe", conformingTo: .json)
/// recipe.conforms(to: .text)                              // true
/// try JSONEncoder().encode([UTType.png])                  // ["public.png"]
/// ```
public struct UTType: Hashable, Sendable {
    /// The uniform type identifier, e.g. `public.text`.
    public let identifier: String

    init(known identifier: String) { self.identifier = identifier }

    /// Apple's failable `UTType("com.example.note")`. With no system registry of declared types,
    /// nil only for text that cannot be an identifier: empty, or holding an ASCII character other
    /// than a letter, a digit, `-` or `.` (Apple's is also nil for a type nothing declares).
    public init?(_ identifier: String) {
        guard Self.isWellFormed(identifier) else { return nil }
        self.identifier = identifier
    }

    /// Apple's `UTType(exportedAs: "com.example.recipe", conformingTo: .json)`, a type the app
    /// declares. The parent is kept for the rest of the process, so this type and any other
    /// `UTType` of its identifier then conform to it (and to its supertypes).
    public init(exportedAs identifier: String, conformingTo parentType: UTType? = nil) {
        self.identifier = identifier
        UTTypeTable.declare(identifier, parent: parentType?.identifier)
    }

    /// Apple's `UTType(importedAs: "org.example.map", conformingTo: .data)`, a type another app
    /// declares; its parent is kept as `exportedAs`'s is.
    public init(importedAs identifier: String, conformingTo parentType: UTType? = nil) {
        self.identifier = identifier
        UTTypeTable.declare(identifier, parent: parentType?.identifier)
    }

    static func isWellFormed(_ identifier: String) -> Bool {
        !identifier.isEmpty && identifier.unicodeScalars.allSatisfy { scalar in
            !scalar.isASCII || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "."
        }
    }

    public static let item = UTType(known: "public.item")
    public static let content = UTType(known: "public.content")
    public static let data = UTType(known: "public.data")
    public static let text = UTType(known: "public.text")
    public static let plainText = UTType(known: "public.plain-text")
    public static let utf8PlainText = UTType(known: "public.utf8-plain-text")
    public static let html = UTType(known: "public.html")
    public static let url = UTType(known: "public.url")
    public static let json = UTType(known: "public.json")
    public static let image = UTType(known: "public.image")
    public static let audiovisualContent = UTType(known: "public.audiovisual-content")
    public static let audio = UTType(known: "public.audio")
    public static let movie = UTType(known: "public.movie")
    public static let compositeContent = UTType(known: "public.composite-content")
    public static let pdf = UTType(known: "com.adobe.pdf")
    public static let contact = UTType(known: "public.contact")
    public static let vCard = UTType(known: "public.vcard")
    public static let calendarEvent = UTType(known: "public.calendar-event")
    public static let emailMessage = UTType(known: "public.email-message")
    public static let message = UTType(known: "public.message")
    public static let folder = UTType(known: "public.folder")
    public static let jpeg = UTType(known: "public.jpeg")
    public static let png = UTType(known: "public.png")
    public static let gif = UTType(known: "com.compuserve.gif")
    public static let heic = UTType(known: "public.heic")
    public static let heif = UTType(known: "public.heif")
    public static let tiff = UTType(known: "public.tiff")
    public static let mp3 = UTType(known: "public.mp3")
    public static let mpeg4Movie = UTType(known: "public.mpeg-4")
    public static let quickTimeMovie = UTType(known: "com.apple.quicktime-movie")
    public static let rtf = UTType(known: "public.rtf")
    public static let xml = UTType(known: "public.xml")
    public static let delimitedText = UTType(known: "public.delimited-values-text")
    public static let commaSeparatedText = UTType(known: "public.comma-separated-values-text")
    public static let archive = UTType(known: "public.archive")
    public static let zip = UTType(known: "public.zip-archive")
    public static let fileURL = UTType(known: "public.file-url")
    public static let directory = UTType(known: "public.directory")
}

/// `print(UTType.png)` prints `public.png`; `debugPrint` adds whether the type is declared or dynamic.
extension UTType: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { identifier }

    public var debugDescription: String {
        "\(identifier) (\(isDynamic ? "dynamic" : isDeclared ? "declared" : "not declared"))"
    }
}

/// A `UTType` is encoded as its identifier string (`"public.png"`), and decoded from one.
extension UTType: Codable {
    /// - Throws: `DecodingError.dataCorrupted` for a string that cannot be an identifier.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let identifier = try container.decode(String.self)
        guard Self.isWellFormed(identifier) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(identifier)\" is not a uniform "
                + "type identifier: use letters, digits, - and . only, e.g. \"com.example.note\"")
        }
        self.identifier = identifier
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }
}
