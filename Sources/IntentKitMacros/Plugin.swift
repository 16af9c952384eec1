// The compiler plugin of IntentKit's macros (docs/porting.md, Schema macros). It speaks the
// compiler's plugin protocol through the toolchain's own SwiftSyntax (its `host` libraries:
// SwiftPM cannot fetch the swift-syntax package here), whose message handling is `@_spi`.
@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import SwiftSyntaxMacros

/// The macros by the type names IntentKit's `#externalMacro` declarations give.
struct IntentKitMacroProvider: PluginProvider {
    func resolveMacro(moduleName: String, typeName: String) throws -> any Macro.Type {
        switch typeName {
        case "AppIntentSchemaMacro": AppIntentSchemaMacro.self
        case "AppEntitySchemaMacro": AppEntitySchemaMacro.self
        case "AppEnumSchemaMacro": AppEnumSchemaMacro.self
        case "ComputedPropertyMacro": ComputedPropertyMacro.self
        case "DeferredPropertyMacro": DeferredPropertyMacro.self
        case "UnionValueMacro": UnionValueMacro.self
        default: throw UnknownMacro(name: "\(moduleName).\(typeName)")
        }
    }

    var features: [PluginFeature] { [] }

    func loadPluginLibrary(libraryPath: String, moduleName: String) throws {
        throw UnknownMacro(name: libraryPath)
    }
}

struct UnknownMacro: Error, CustomStringConvertible {
    var name: String
    var description: String { "IntentKitMacros has no macro \(name)" }
}

@main struct IntentKitMacrosPlugin {
    static func main() throws {
        let listener = CompilerPluginMessageListener(connection: try StandardIOMessageConnection(),
                                                     provider: IntentKitMacroProvider())
        try listener.main()
    }
}
