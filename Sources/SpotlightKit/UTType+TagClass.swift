/// Apple's `UTTagClass`: what kind of tag finds a type, a file name extension or a MIME type.
///
/// ```swift
/// UTType(tag: "jpg", tagClass: .filenameExtension, conformingTo: nil) == .jpeg   // true
/// UTType.png.tags[.mimeType]                                                     // ["image/png"]
/// UTTagClass.mimeType.rawValue                                                   // "public.mime-type"
/// ```
public struct UTTagClass: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// Apple's identifier of the tag class, e.g. `public.filename-extension`.
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// File name extensions without the dot (`"jpg"`).
    public static let filenameExtension = UTTagClass(rawValue: "public.filename-extension")
    /// MIME types (`"image/png"`).
    public static let mimeType = UTTagClass(rawValue: "public.mime-type")

    public var description: String { rawValue }

    /// The built-in table's kind of this class; nil for a class it holds no tags of.
    var kind: DynamicTag.Kind? {
        switch self {
        case .filenameExtension: .filenameExtension
        case .mimeType: .mimeType
        default: nil
        }
    }
}

/// Apple's tag API on ``UTType`` over the two tag classes the built-in table holds (see
/// `UTType+Tags.swift`: nothing reads the system's MIME database). Any other tag class finds no
/// type: nil and `[]`, where Apple's makes a dynamic type of it.
extension UTType {
    /// Apple's `UTType(tag:tagClass:conformingTo:)`: the first built-in type with that tag (any
    /// case) that conforms to `supertype` (any, for nil), else a dynamic type that keeps the tag
    /// and conforms to `supertype` (`.data` for nil).
    ///
    /// ```swift
    /// UTType(tag: "eml", tagClass: .filenameExtension, conformingTo: nil) == .emailMessage  // true
    /// UTType(tag: "recipe", tagClass: .filenameExtension, conformingTo: .json)?.isDynamic  // true
    /// ```
    /// - Returns: nil for another tag class than `.filenameExtension` and `.mimeType`, an empty
    ///   tag, a tag holding a NUL, or an extension holding `/`.
    public init?(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) {
        guard let kind = tagClass.kind, let type = Self.lookUpAll(kind, tag, supertype)?.first else { return nil }
        self = type
    }

    /// Apple's `UTType.types(tag:tagClass:conformingTo:)`: every built-in type with that tag that
    /// conforms to `supertype`, in the table's order, else the one dynamic type
    /// ``init(tag:tagClass:conformingTo:)`` gives; `[]` where that initializer gives nil.
    public static func types(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) -> [UTType] {
        guard let kind = tagClass.kind else { return [] }
        return lookUpAll(kind, tag, supertype) ?? []
    }

    /// Apple's `tags`: the type's file name extensions and MIME types, preferred first, by tag
    /// class; a class the type has none of is left out (`[:]` for `.text` and for types the app
    /// declares), and a dynamic type holds the tag it was made from.
    public var tags: [UTTagClass: [String]] {
        var tags: [UTTagClass: [String]] = [:]
        for tagClass in [UTTagClass.filenameExtension, .mimeType] {
            guard let kind = tagClass.kind else { continue }
            let found = allTags(kind)
            if !found.isEmpty { tags[tagClass] = found }
        }
        return tags
    }
}
