import SwiftSyntax
import SwiftSyntaxMacros

/// `@UnionValue enum IntentDuration { case minutes(Int); case label(String) }` (App Intents):
/// conforms the enum to `AppUnionValue` and writes its `Cases` enum and its table of cases
/// (`unionCases`: each case's name and value type, how to make it and read it back).
public enum UnionValueMacro: ExtensionMacro {
    public static func expansion(of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
                                 providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
                                 in context: some MacroExpansionContext) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(EnumDeclSyntax.self) else { throw MacroMessage("@UnionValue goes on an enum") }
        var cases: [(name: String, label: String?, type: String)] = []
        for item in declaration.memberBlock.members {
            guard let caseDecl = item.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in caseDecl.elements {
                guard let parameters = element.parameterClause?.parameters, parameters.count == 1,
                      let parameter = parameters.first
                else {
                    throw MacroMessage("@UnionValue: case \(element.name.text) must hold exactly one value, as in case \(element.name.text)(String)")
                }
                cases.append((element.name.text, parameter.firstName?.text, parameter.type.trimmedDescription))
            }
        }
        guard !cases.isEmpty else { throw MacroMessage("@UnionValue: the enum has no cases") }
        let owner = type.trimmedDescription
        let access = declaration.modifiers.contains { $0.name.text == "public" } ? "public " : ""
        let table = cases.map { item in
            let make = item.label.map { ".\(item.name)(\($0): $0)" } ?? ".\(item.name)($0)"
            return "UnionValueCase(\"\(item.name)\", (\(item.type)).self, make: { \(make) }, "
                + "read: { if case .\(item.name)(let value) = $0 { value } else { nil } })"
        }
        let conformances = protocols.isEmpty ? "" : ": " + protocols.map(\.trimmedDescription).joined(separator: ", ")
        let text: DeclSyntax = """
            extension \(raw: owner)\(raw: conformances) {
                \(raw: access)enum Cases: String, CaseIterable, Hashable, Sendable {
                    \(raw: cases.map { "case \($0.name)" }.joined(separator: "\n"))
                }
                \(raw: access)static var unionCases: [UnionValueCase<\(raw: owner)>] {
                    [
                        \(raw: table.joined(separator: ",\n"))
                    ]
                }
            }
            """
        return text.as(ExtensionDeclSyntax.self).map { [$0] } ?? []
    }
}
