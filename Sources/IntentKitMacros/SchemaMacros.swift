import SwiftSyntax
import SwiftSyntaxMacros

/// What a schema macro adds: the attribute of the type's plain stored `var`s (none for an enum),
/// and in an extension the conformances the type lacks with the schema's name for people
/// (`__schemaTitle`), which IntentKit's defaults title the type with.
protocol SchemaMacro: MemberAttributeMacro, ExtensionMacro {
    static var propertyAttribute: AttributeSyntax? { get }
}

extension SchemaMacro {
    public static func expansion(of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
                                 providingAttributesFor member: some DeclSyntaxProtocol,
                                 in context: some MacroExpansionContext) throws -> [AttributeSyntax] {
        guard let propertyAttribute, SchemaMembers.isPlainStoredVar(member) else { return [] }
        return [propertyAttribute]
    }

    public static func expansion(of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
                                 providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
                                 in context: some MacroExpansionContext) throws -> [ExtensionDeclSyntax] {
        guard !protocols.isEmpty else { return [] }
        let conformances = protocols.map(\.trimmedDescription).joined(separator: ", ")
        let isPublic = declaration.modifiers.contains { $0.name.text == "public" || $0.name.text == "open" }
        let text: DeclSyntax = """
            extension \(type.trimmed): \(raw: conformances) {
                \(raw: isPublic ? "public " : "")static var __schemaTitle: String { \(raw: SchemaMembers.literal(node)) }
            }
            """
        return text.as(ExtensionDeclSyntax.self).map { [$0] } ?? []
    }
}

/// `@AppIntent(schema: .photos.openAsset)` (and `@AssistantIntent(schema:)`): the type conforms
/// to `AppIntent`, its stored `var`s without an attribute are `@Parameter`s, and it is titled
/// from the schema's name ("Open Asset") unless it declares `title`.
public enum AppIntentSchemaMacro: SchemaMacro {
    static let propertyAttribute: AttributeSyntax? = "@Parameter"
}

/// `@AppEntity(schema: .photos.asset)` (and `@AssistantEntity(schema:)`): the type conforms to
/// `AppEntity`, its stored `var`s without an attribute are `@Property`s, and its type is named
/// from the schema ("Asset") unless it declares `typeDisplayRepresentation`.
public enum AppEntitySchemaMacro: SchemaMacro {
    static let propertyAttribute: AttributeSyntax? = "@Property"
}

extension AppEntitySchemaMacro: MemberMacro {
    /// A struct that declares no initializer gets the one Swift would make for it, but taking
    /// each `@Property`'s value rather than its wrapper (Swift's own takes the wrapper, as the
    /// wrapper has an `init()`), so `Asset(id: "1", title: "Beach")` compiles as with Apple's.
    public static func expansion(of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
                                 conformingTo protocols: [TypeSyntax],
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        guard declaration.is(StructDeclSyntax.self),
              !declaration.memberBlock.members.contains(where: { $0.decl.is(InitializerDeclSyntax.self) })
        else { return [] }
        var stored: [(name: String, type: String, defaultValue: String?, isVar: Bool)] = []
        for member in declaration.memberBlock.members {
            switch SchemaMembers.initializedMember(member.decl) {
            case .parameter(let name, let type, let defaultValue, let isVar): stored.append((name, type, defaultValue, isVar))
            case .untouched: continue
            case .unsupported: return []   // the type writes its own init
            }
        }
        let parameters = stored.map { member in
            "\(member.name): \(member.type)" + (member.defaultValue.map { " = \($0)" } ?? "")
        }
        // Constants first: a property's setter needs every stored property set (the wrappers
        // already are, by their attributes), whatever order they are declared in.
        let assignments = (stored.filter { !$0.isVar } + stored.filter(\.isVar)).map { "self.\($0.name) = \($0.name)" }
        return ["""
            init(\(raw: parameters.joined(separator: ", "))) {
                \(raw: assignments.joined(separator: "\n"))
            }
            """]
    }
}

/// `@AppEnum(schema: .photos.assetType)` (and `@AssistantEnum(schema:)`): the enum conforms to
/// `AppEnum` and its type is named from the schema ("Asset Type") unless it declares
/// `typeDisplayRepresentation`.
public enum AppEnumSchemaMacro: SchemaMacro {
    static let propertyAttribute: AttributeSyntax? = nil
}

/// What the three schema macros share.
enum SchemaMembers {
    /// A `var` of the type's own (not static), stored (no accessors), with no attribute and no
    /// modifier but access: what a schema's property is written as.
    static func isPlainStoredVar(_ member: some DeclSyntaxProtocol) -> Bool {
        guard let variable = member.as(VariableDeclSyntax.self), variable.bindingSpecifier.tokenKind == .keyword(.var),
              variable.attributes.isEmpty, variable.bindings.count == 1,
              let binding = variable.bindings.first, binding.accessorBlock == nil, binding.typeAnnotation != nil
        else { return false }
        let access: Set<String> = ["public", "internal", "package", "fileprivate", "private"]
        return variable.modifiers.allSatisfy { access.contains($0.name.text) }
    }

    /// A member as the macro's memberwise initializer treats it: a stored property it takes
    /// (name, type, default: a `var`'s initial value, or `nil` for an optional `var`), one it
    /// leaves alone (not stored, static, or a `let` with a value), or one it cannot set (several
    /// names in one declaration, no type annotation and no value, a wrapper other than
    /// `@Property`), in which case the type gets no initializer from the macro.
    enum InitializedMember {
        case parameter(name: String, type: String, defaultValue: String?, isVar: Bool)
        case untouched
        case unsupported
    }

    static func initializedMember(_ decl: DeclSyntax) -> InitializedMember {
        guard let variable = decl.as(VariableDeclSyntax.self),
              !variable.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) })
        else { return .untouched }
        guard variable.bindings.count == 1, let binding = variable.bindings.first else { return .unsupported }
        if binding.accessorBlock != nil { return .untouched }
        let isVar = variable.bindingSpecifier.tokenKind == .keyword(.var)
        if !isVar, binding.initializer != nil { return .untouched }
        let wrappers = variable.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
        guard wrappers.allSatisfy({ $0 == "Property" || $0 == "EntityProperty" }),
              wrappers.count == variable.attributes.count,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.trimmedDescription,
              let type = binding.typeAnnotation?.type
        else { return binding.initializer != nil ? .untouched : .unsupported }
        let isOptional = type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
            || type.as(IdentifierTypeSyntax.self)?.name.text == "Optional"
        let defaultValue = binding.initializer.map { $0.value.trimmedDescription } ?? (isVar && isOptional ? "nil" : nil)
        return .parameter(name: name, type: type.trimmedDescription, defaultValue: defaultValue, isVar: isVar)
    }

    /// The schema's name as a string literal for people: `.photos.openAsset` → `"Open Asset"`.
    static func literal(_ node: AttributeSyntax) -> String {
        let name = schemaName(node) ?? ""
        var words = ""
        for character in name {
            if character.isUppercase, !words.isEmpty { words.append(" ") }
            words.append(words.isEmpty ? Character(character.uppercased()) : character)
        }
        return "\"" + String(words.filter { $0 != "\\" && $0 != "\"" }) + "\""
    }

    /// The last name of the `schema:` argument, `.photos.openAsset` → `openAsset`.
    static func schemaName(_ node: AttributeSyntax) -> String? {
        guard case .argumentList(let arguments) = node.arguments, let first = arguments.first,
              let access = first.expression.as(MemberAccessExprSyntax.self) else { return nil }
        return access.declName.baseName.text
    }
}
