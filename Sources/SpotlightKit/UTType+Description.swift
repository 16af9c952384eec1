import Foundation

/// What Apple's ``UTType`` says about a type for people: `localizedDescription` for the built-in
/// types only, an English name of the kind of thing (`"PNG image"`, `"PDF document"`), in the
/// manner of Apple's, not its wording for every type, and never translated. A type the app
/// declares or a dynamic type has none (nil), as Apple's reads a declared type's from the app's
/// bundle, which a Linux app does not have; for the same reason `referenceURL` and `version`
/// (a declaration's `UTTypeReferenceURL` and `UTTypeVersion`) are always nil.
///
/// ```swift
/// UTType.png.localizedDescription                              // "PNG image"
/// UTType(exportedAs: "com.example.recipe").localizedDescription  // nil
/// UTType.png.referenceURL                                      // nil
/// ```
extension UTType {
    /// The type's description for people, nil when the built-in table has none.
    public var localizedDescription: String? { Self.descriptions[identifier] }

    /// Apple's link to the type's documentation or specification, from its declaration. Always
    /// nil: no declaration here carries one (there is no bundle to read it from).
    public var referenceURL: URL? { nil }

    /// Apple's version number of the type's declaration. Always nil, like ``referenceURL``.
    public var version: NSNumber? { nil }

    private static let descriptions: [String: String] = [
        "public.item": "item",
        "public.content": "content",
        "public.data": "data",
        "public.directory": "directory",
        "public.folder": "folder",
        "public.text": "text",
        "public.plain-text": "plain text",
        "public.utf8-plain-text": "Unicode text, UTF-8 encoded",
        "public.html": "HTML text",
        "public.xml": "XML text",
        "public.json": "JSON text",
        "public.rtf": "rich text (RTF)",
        "public.delimited-values-text": "delimited values text",
        "public.comma-separated-values-text": "comma-separated values",
        "public.url": "URL",
        "public.file-url": "file URL",
        "public.image": "image",
        "public.jpeg": "JPEG image",
        "public.png": "PNG image",
        "com.compuserve.gif": "GIF image",
        "public.tiff": "TIFF image",
        "public.heif-standard": "HEIF standard image",
        "public.heic": "HEIC image",
        "public.heif": "HEIF image",
        "public.audiovisual-content": "audiovisual content",
        "public.audio": "audio",
        "public.mp3": "MP3 audio",
        "public.movie": "movie",
        "public.mpeg-4": "MPEG-4 movie",
        "com.apple.quicktime-movie": "QuickTime movie",
        "public.composite-content": "composite content",
        "com.adobe.pdf": "PDF document",
        "public.archive": "archive",
        "public.zip-archive": "ZIP archive",
        "public.contact": "contact",
        "public.vcard": "vCard",
        "public.calendar-event": "calendar event",
        "public.message": "message",
        "public.email-message": "email message",
    ]
}
