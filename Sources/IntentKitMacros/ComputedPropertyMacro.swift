import SwiftSyntax
import SwiftSyntaxMacros

/// `@ComputedProperty var menuItems: [MenuItem] { model.menuItems }` (App Intents 2025): makes an
/// entity's computed property one of its properties, as `@Property` does a stored one. Adds the
/// property object `_menuItems` (which IntentKit finds beside the wrappers and reads from the
/// entity through a key path) and `$menuItems` for property queries.
public enum ComputedPropertyMacro: PeerMacro {
    public static func expansion(of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        try EntityPropertyPeers.peers(of: declaration, node: node, in: context, macro: "@ComputedProperty") { owner, name, _ in
            "getter: \\\(owner).\(name)"
        }
    }
}

/// `@DeferredProperty var reviews: [String] { get async throws { ... } }` (App Intents 2025): an
/// entity property whose value IntentKit fetches only when a caller asks for the entity. Adds
/// `_reviews`, reading the property through an async getter, and `$reviews`.
public enum DeferredPropertyMacro: PeerMacro {
    public static func expansion(of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        try EntityPropertyPeers.peers(of: declaration, node: node, in: context, macro: "@DeferredProperty") { owner, name, binding in
            let throwing = EntityPropertyPeers.getterThrows(binding)
            return "asyncGetter: { (entity: \(owner)) async throws in \(throwing ? "try " : "")await entity.\(name) }"
        }
    }
}

/// What the two property macros share: the property object and its projection.
enum EntityPropertyPeers {
    /// `_name`, an `EntityProperty` made with the argument `reading` writes (from the owner type's
    /// name, the property's name and its binding), and `$name`.
    static func peers(of declaration: some DeclSyntaxProtocol, node: AttributeSyntax, in context: some MacroExpansionContext,
                      macro: String, reading: (String, String, PatternBindingSyntax) -> String) throws -> [DeclSyntax] {
        guard let variable = declaration.as(VariableDeclSyntax.self), variable.bindings.count == 1,
              let binding = variable.bindings.first,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.trimmed,
              let type = binding.typeAnnotation?.type.trimmed
        else { throw MacroMessage("\(macro) goes on one computed property with its type written: var name: Type { ... }") }
        if variable.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }) {
            throw MacroMessage("\(macro) is for an entity's own properties, not a static one")
        }
        guard let owner = context.lexicalContext.lazy.compactMap(ownerName).first else {
            throw MacroMessage("\(macro) goes on a property declared in an entity type (not in an extension)")
        }
        let title = titleArgument(node).map { ", title: \($0)" } ?? ""
        let indexing = ["indexingKey", "customIndexingKey"].compactMap { label in
            argument(label, of: node).map { ", \(label): \($0)" }
        }.joined()
        let access = variable.modifiers.first { ["public", "package", "internal", "fileprivate", "private"].contains($0.name.text) }
            .map { $0.name.text + " " } ?? ""
        return [
            "\(raw: access)let _\(name) = EntityProperty<\(type)>(identifier: \(literal: name.text)\(raw: title)\(raw: indexing), \(raw: reading(owner, name.text, binding)))",
            "\(raw: access)var $\(name): EntityProperty<\(type)> { _\(name) }",
        ]
    }

    /// Whether the property's `get` is `throws`.
    static func getterThrows(_ binding: PatternBindingSyntax) -> Bool {
        guard case .accessors(let accessors)? = binding.accessorBlock?.accessors else { return false }
        return accessors.contains { $0.accessorSpecifier.tokenKind == .keyword(.get) && $0.effectSpecifiers?.throwsClause != nil }
    }

    /// The `title:` argument's expression, if given.
    static func titleArgument(_ node: AttributeSyntax) -> String? { argument("title", of: node) }

    /// The expression of the argument labelled `label`, if given.
    static func argument(_ label: String, of node: AttributeSyntax) -> String? {
        guard case .argumentList(let arguments) = node.arguments else { return nil }
        return arguments.first { $0.label?.text == label }?.expression.trimmedDescription
    }

    /// The name of the type a property is declared in (a struct, class, enum or actor).
    static func ownerName(_ syntax: Syntax) -> String? {
        if let decl = syntax.as(StructDeclSyntax.self) { return decl.name.text }
        if let decl = syntax.as(ClassDeclSyntax.self) { return decl.name.text }
        if let decl = syntax.as(EnumDeclSyntax.self) { return decl.name.text }
        if let decl = syntax.as(ActorDeclSyntax.self) { return decl.name.text }
        return nil
    }
}

/// An error a macro reports at its attribute.
struct MacroMessage: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
