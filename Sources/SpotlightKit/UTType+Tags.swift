/// File name extensions and MIME types on ``UTType``, from the built-in table only: the common
/// extensions and MIME types of the types SpotlightKit names (`txt`, `html`, `json`, `jpg`,
/// `pdf`, `zip`, `eml`, … and `text/plain`, `image/png`, …). Nothing reads the system's MIME
/// database. An extension or MIME type the table lacks gives a dynamic type (`isDynamic`), as
/// Apple's does for one the system does not know: it conforms to the `conformingTo:` type and
/// keeps the tag as its preferred one.
///
/// ```swift
/// UTType(filenameExtension: "jpg") == .jpeg                      // true
/// UTType(mimeType: "application/json")?.preferredFilenameExtension  // "json"
/// UTType(filenameExtension: "recipe")?.isDynamic                 // true
/// UTType.png.preferredMIMEType                                    // "image/png"
/// ```
extension UTType {
    /// Apple's `UTType(filenameExtension:conformingTo:)`: the built-in type of that extension
    /// (any case, no leading dot) that conforms to `supertype`, else a dynamic type.
    /// - Returns: nil for an empty extension or one holding `/` or a NUL.
    public init?(filenameExtension: String, conformingTo supertype: UTType = .data) {
        guard let type = Self.lookUpAll(.filenameExtension, filenameExtension, supertype)?.first else { return nil }
        self = type
    }

    /// Apple's `UTType(mimeType:conformingTo:)`: the built-in type of that MIME type (any case)
    /// that conforms to `supertype`, else a dynamic type.
    /// - Returns: nil for an empty MIME type or one holding a NUL.
    public init?(mimeType: String, conformingTo supertype: UTType = .data) {
        guard let type = Self.lookUpAll(.mimeType, mimeType, supertype)?.first else { return nil }
        self = type
    }

    /// The type's usual file name extension without the dot (`"jpeg"` for `.jpeg`), nil when the
    /// built-in table has none for it (abstract types like `.text`, and types the app declares).
    public var preferredFilenameExtension: String? { allTags(.filenameExtension).first }

    /// The type's usual MIME type (`"image/png"`), nil when the built-in table has none for it.
    public var preferredMIMEType: String? { allTags(.mimeType).first }

    /// The type's tags of `kind`, preferred first: a dynamic type's own tag, or the built-in table's.
    func allTags(_ kind: DynamicTag.Kind) -> [String] {
        if let dynamic = DynamicTag(identifier: identifier) { return dynamic.kind == kind ? [dynamic.tag] : [] }
        return UTTypeTable.byIdentifier[identifier]?[keyPath: kind.tags] ?? []
    }

    /// Every built-in type holding `tag` of `kind` (any case) that conforms to `supertype` (any
    /// type for nil), in the table's order; else a dynamic type conforming to `supertype`, or to
    /// `.data` for nil. Nil for a tag no type can have (empty, a NUL, an extension with `/`).
    static func lookUpAll(_ kind: DynamicTag.Kind, _ tag: String, _ supertype: UTType?) -> [UTType]? {
        guard !tag.isEmpty, !tag.contains("\0"), kind == .mimeType || !tag.contains("/") else { return nil }
        let wanted = tag.lowercased()
        let found = UTTypeTable.builtIn.compactMap { identifier, entry -> UTType? in
            guard entry[keyPath: kind.tags].contains(wanted) else { return nil }
            let type = UTType(known: identifier)
            if let supertype, !type.conforms(to: supertype) { return nil }
            return type
        }
        if !found.isEmpty { return found }
        let parent = (supertype ?? .data).identifier
        return [UTType(known: DynamicTag(kind: kind, tag: wanted, supertype: parent).identifier)]
    }
}

extension DynamicTag.Kind {
    /// Where the built-in table lists a type's tags of this kind.
    var tags: KeyPath<UTTypeTable.Entry, [String]> {
        switch self {
        case .filenameExtension: \.extensions
        case .mimeType: \.mimeTypes
        }
    }
}
