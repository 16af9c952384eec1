import Synchronization

/// What ``UTType`` knows about types without a system registry: Apple's built-in types that
/// SpotlightKit names (their documented parents, file name extensions and MIME types, preferred
/// first), and the types the app declares with `UTType(exportedAs:conformingTo:)` or
/// `UTType(importedAs:conformingTo:)` while it runs.
///
/// Parents are as Apple documents each type ("This type conforms to ..."); a type whose page names
/// no parent (`public.message`, `public.contact`, `public.calendar-event`, `public.archive`) has
/// none here. Extensions and MIME types are the common ones of the named types only: nothing here
/// reads `/etc/mime.types` or shared-mime-info.
enum UTTypeTable {
    struct Entry: Sendable {
        let parents: [String]
        let extensions: [String]
        let mimeTypes: [String]
    }

    /// The built-in types in lookup order: where two share an extension or MIME type
    /// (`text/xml`), the first that conforms to what was asked wins.
    static let builtIn: [(identifier: String, entry: Entry)] = [
        ("public.item", Entry(parents: [], extensions: [], mimeTypes: [])),
        ("public.content", Entry(parents: [], extensions: [], mimeTypes: [])),
        ("public.data", Entry(parents: ["public.item"], extensions: [], mimeTypes: [])),
        ("public.directory", Entry(parents: ["public.item"], extensions: [], mimeTypes: [])),
        ("public.folder", Entry(parents: ["public.directory"], extensions: [], mimeTypes: [])),
        ("public.text", Entry(parents: ["public.data", "public.content"], extensions: [], mimeTypes: [])),
        ("public.plain-text", Entry(parents: ["public.text"], extensions: ["txt", "text"], mimeTypes: ["text/plain"])),
        ("public.utf8-plain-text", Entry(parents: ["public.plain-text"], extensions: [], mimeTypes: [])),
        ("public.html", Entry(parents: ["public.text"], extensions: ["html", "htm"], mimeTypes: ["text/html"])),
        ("public.xml", Entry(parents: ["public.text"], extensions: ["xml"], mimeTypes: ["application/xml", "text/xml"])),
        ("public.json", Entry(parents: ["public.text"], extensions: ["json"], mimeTypes: ["application/json"])),
        ("public.rtf", Entry(parents: ["public.text"], extensions: ["rtf"], mimeTypes: ["text/rtf"])),
        ("public.delimited-values-text", Entry(parents: ["public.text"], extensions: [], mimeTypes: [])),
        ("public.comma-separated-values-text",
         Entry(parents: ["public.delimited-values-text"], extensions: ["csv"], mimeTypes: ["text/csv"])),
        ("public.url", Entry(parents: ["public.data"], extensions: [], mimeTypes: [])),
        ("public.file-url", Entry(parents: ["public.url"], extensions: [], mimeTypes: [])),
        ("public.image", Entry(parents: ["public.data", "public.content"], extensions: [], mimeTypes: [])),
        ("public.jpeg", Entry(parents: ["public.image"], extensions: ["jpeg", "jpg", "jpe"], mimeTypes: ["image/jpeg"])),
        ("public.png", Entry(parents: ["public.image"], extensions: ["png"], mimeTypes: ["image/png"])),
        ("com.compuserve.gif", Entry(parents: ["public.image"], extensions: ["gif"], mimeTypes: ["image/gif"])),
        ("public.tiff", Entry(parents: ["public.image"], extensions: ["tiff", "tif"], mimeTypes: ["image/tiff"])),
        ("public.heif-standard", Entry(parents: ["public.image"], extensions: [], mimeTypes: [])),
        ("public.heic", Entry(parents: ["public.heif-standard"], extensions: ["heic"], mimeTypes: ["image/heic"])),
        ("public.heif", Entry(parents: ["public.heif-standard"], extensions: ["heif"], mimeTypes: ["image/heif"])),
        ("public.audiovisual-content", Entry(parents: ["public.data", "public.content"], extensions: [], mimeTypes: [])),
        ("public.audio", Entry(parents: ["public.audiovisual-content"], extensions: [], mimeTypes: [])),
        ("public.mp3", Entry(parents: ["public.audio"], extensions: ["mp3"], mimeTypes: ["audio/mpeg", "audio/mp3"])),
        ("public.movie", Entry(parents: ["public.audiovisual-content"], extensions: [], mimeTypes: [])),
        ("public.mpeg-4", Entry(parents: ["public.movie"], extensions: ["mp4", "mpg4"], mimeTypes: ["video/mp4"])),
        ("com.apple.quicktime-movie", Entry(parents: ["public.movie"], extensions: ["mov", "qt"], mimeTypes: ["video/quicktime"])),
        ("public.composite-content", Entry(parents: ["public.content"], extensions: [], mimeTypes: [])),
        ("com.adobe.pdf", Entry(parents: ["public.data", "public.composite-content"], extensions: ["pdf"],
                                mimeTypes: ["application/pdf"])),
        ("public.archive", Entry(parents: [], extensions: [], mimeTypes: [])),
        ("public.zip-archive", Entry(parents: ["public.data", "public.archive"], extensions: ["zip"],
                                     mimeTypes: ["application/zip"])),
        ("public.contact", Entry(parents: [], extensions: [], mimeTypes: [])),
        ("public.vcard", Entry(parents: ["public.text", "public.contact"], extensions: ["vcf", "vcard"],
                               mimeTypes: ["text/vcard", "text/x-vcard", "text/directory"])),
        ("public.calendar-event", Entry(parents: [], extensions: [], mimeTypes: [])),
        ("public.message", Entry(parents: [], extensions: [], mimeTypes: [])),
        ("public.email-message", Entry(parents: ["public.message"], extensions: ["eml"], mimeTypes: ["message/rfc822"])),
    ]

    static let byIdentifier: [String: Entry] = Dictionary(builtIn.map { ($0.identifier, $0.entry) },
                                                           uniquingKeysWith: { first, _ in first })

    /// The parents of each type the app declared, by identifier (built-in types are not redeclared).
    private static let declared = Mutex<[String: Set<String>]>([:])

    /// Records that the app declares `identifier`, under `parent` if one is given.
    static func declare(_ identifier: String, parent: String?) {
        guard byIdentifier[identifier] == nil else { return }
        declared.withLock { table in
            table[identifier, default: []].formUnion(parent.map { [$0] } ?? [])
        }
    }

    static func isDeclared(_ identifier: String) -> Bool {
        byIdentifier[identifier] != nil || declared.withLock { $0[identifier] != nil }
    }

    /// The types `identifier` conforms to directly.
    static func parents(of identifier: String) -> [String] {
        if let entry = byIdentifier[identifier] { return entry.parents }
        if let dynamic = DynamicTag(identifier: identifier) { return [dynamic.supertype] }
        return declared.withLock { $0[identifier].map { $0.sorted() } ?? [] }
    }
}

/// A dynamic type's identifier, made for a file name extension or MIME type no built-in type has:
/// `dyn.<ext|mime>.<tag>.<supertype>`, the tag lowercased with every character but an ASCII
/// letter or digit written `-XX` (its UTF-8 bytes in hex). Apple's dynamic identifiers are
/// `dyn.` and an undocumented encoding; these are not the same text, only the same idea.
struct DynamicTag: Equatable {
    enum Kind: String { case filenameExtension = "ext", mimeType = "mime" }
    let kind: Kind
    let tag: String
    let supertype: String

    init(kind: Kind, tag: String, supertype: String) {
        self.kind = kind
        self.tag = tag.lowercased()
        self.supertype = supertype
    }

    init?(identifier: String) {
        let parts = identifier.split(separator: ".", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "dyn", let kind = Kind(rawValue: String(parts[1])),
              let tag = Self.unescape(parts[2]), !parts[3].isEmpty else { return nil }
        self.init(kind: kind, tag: tag, supertype: String(parts[3]))
    }

    var identifier: String { "dyn.\(kind.rawValue).\(Self.escape(tag)).\(supertype)" }

    private static func escape(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "-" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    private static func unescape(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "-" {
                let end = text.index(index, offsetBy: 3, limitedBy: text.endIndex) ?? text.endIndex
                guard text.distance(from: index, to: end) == 3,
                      let byte = UInt8(text[text.index(after: index)..<end], radix: 16) else { return nil }
                bytes.append(byte)
                index = end
            } else {
                bytes.append(contentsOf: text[index].utf8)
                index = text.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
