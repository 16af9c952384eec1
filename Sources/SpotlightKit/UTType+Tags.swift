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
        guard let type = Self.lookUp(.filenameExtension, filenameExtension, supertype, \.extensions) else { return nil }
        self = type
    }

    /// Apple's `UTType(mimeType:conformingTo:)`: the built-in type of that MIME type (any case)
    /// that conforms to `supertype`, else a dynamic type.
    /// - Returns: nil for an empty MIME type or one holding a NUL.
    public init?(mimeType: String, conformingTo supertype: UTType = .data) {
        guard let type = Self.lookUp(.mimeType, mimeType, supertype, \.mimeTypes) else { return nil }
        self = type
    }

    /// The type's usual file name extension without the dot (`"jpeg"` for `.jpeg`), nil when the
    /// built-in table has none for it (abstract types like `.text`, and types the app declares).
    public var preferredFilenameExtension: String? { preferredTag(.filenameExtension, \.extensions) }

    /// The type's usual MIME type (`"image/png"`), nil when the built-in table has none for it.
    public var preferredMIMEType: String? { preferredTag(.mimeType, \.mimeTypes) }

    private func preferredTag(_ kind: DynamicTag.Kind, _ tags: KeyPath<UTTypeTable.Entry, [String]>) -> String? {
        if let dynamic = DynamicTag(identifier: identifier) { return dynamic.kind == kind ? dynamic.tag : nil }
        return UTTypeTable.byIdentifier[identifier]?[keyPath: tags].first
    }

    private static func lookUp(_ kind: DynamicTag.Kind, _ tag: String, _ supertype: UTType,
                               _ tags: KeyPath<UTTypeTable.Entry, [String]>) -> UTType? {
        guard !tag.isEmpty, !tag.contains("\0"), kind == .mimeType || !tag.contains("/") else { return nil }
        let wanted = tag.lowercased()
        for (identifier, entry) in UTTypeTable.builtIn where entry[keyPath: tags].contains(wanted) {
            let type = UTType(known: identifier)
            if type.conforms(to: supertype) { return type }
        }
        return UTType(known: DynamicTag(kind: kind, tag: wanted, supertype: supertype.identifier).identifier)
    }
}
