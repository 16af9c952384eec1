/// Apple's type tree on ``UTType``: what a type conforms to, from the built-in table (Apple's
/// documented parents) and the app's own `exportedAs:` / `importedAs:` declarations. A type that
/// is neither (`UTType("com.example.unknown")`) conforms to nothing but itself.
///
/// ```swift
/// UTType.plainText.conforms(to: .data)      // true: plain text → text → data
/// UTType.plainText.isSubtype(of: .text)     // true
/// UTType.text.isSupertype(of: .html)        // true
/// UTType.png.supertypes                     // [.image, .data, .item, .content]
/// ```
extension UTType {
    /// Whether this type is `type` or conforms to it directly or through its parents.
    public func conforms(to type: UTType) -> Bool {
        self == type || supertypes.contains(type)
    }

    /// Whether this type conforms to `type` and is not `type` itself.
    public func isSubtype(of type: UTType) -> Bool {
        self != type && conforms(to: type)
    }

    /// Whether `type` conforms to this type and is not this type itself.
    public func isSupertype(of type: UTType) -> Bool {
        type.isSubtype(of: self)
    }

    /// Every type this type conforms to, directly or indirectly (not itself).
    public var supertypes: Set<UTType> {
        var found: Set<String> = []
        var pending = UTTypeTable.parents(of: identifier)
        while let next = pending.popLast() {
            guard next != identifier, found.insert(next).inserted else { continue }
            pending.append(contentsOf: UTTypeTable.parents(of: next))
        }
        return Set(found.map(UTType.init(known:)))
    }

    /// Whether the type is one of the built-in types or one the app declared while it runs
    /// (Apple's: declared by the system or an app's `Info.plist`).
    public var isDeclared: Bool { UTTypeTable.isDeclared(identifier) }

    /// Whether the type was made for an extension or MIME type no known type has (`dyn.`).
    public var isDynamic: Bool { DynamicTag(identifier: identifier) != nil }

    /// Whether the identifier is in Apple's public domain (`public.`).
    public var isPublic: Bool { identifier.hasPrefix("public.") }
}
