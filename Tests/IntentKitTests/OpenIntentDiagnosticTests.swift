import Foundation
import SpotlightTestSupport
import Testing

// An OpenIntent as Apple's iOS samples write it, without perform() (the app opens the target in
// SwiftUI), fails to compile here saying what to write, not only that the type does not conform.

/// Typechecks `source` against the IntentKit just built: the compiler's exit status and diagnostics.
private func typecheck(_ source: String) throws -> (status: Int32, diagnostics: String) {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("open-intent-\(UUID().uuidString).swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    var arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", builtProductsDirectory() + "/Modules"]
    // The C modules below IntentKit's, which its module interface names.
    for dir in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
    where FileManager.default.fileExists(atPath: sources.appendingPathComponent(dir).appendingPathComponent("module.modulemap").path) {
        arguments += ["-I", sources.appendingPathComponent(dir).path]
    }
    let run = try runToCompletion(URL(fileURLWithPath: "/usr/bin/env"), arguments + [file.path],
                                  environment: ProcessInfo.processInfo.environment)
    return (run.status, run.stdout + run.stderr)
}

/// Whether the built products hold IntentKit's module (not so for a `SPOTLIGHT_TEST_BIN_DIR` of installed binaries).
private let intentKitModuleIsBuilt = FileManager.default.fileExists(
    atPath: builtProductsDirectory() + "/Modules/IntentKit.swiftmodule")

@Test(.enabled(if: intentKitModuleIsBuilt, "needs the IntentKit module the package build leaves in Modules/"))
func anOpenIntentWithoutPerformFailsToCompileSayingToWriteOne() throws {
    let result = try typecheck("""
        import IntentKit
        // The sample's entity and query, cut down to what the intent needs.
        struct CollectionEntity: AppEntity {
            static let typeDisplayRepresentation: TypeDisplayRepresentation = "Collection", defaultQuery = CollectionQuery()
            let id: String, displayRepresentation: DisplayRepresentation = "A collection"
        }
        struct CollectionQuery: EntityQuery { func entities(for ids: [String]) async throws -> [CollectionEntity] { [] } }
        struct OpenCollectionIntent: OpenIntent {
            static let title: LocalizedStringResource = "Open Collection"
            @Parameter(title: "Collection") var target: CollectionEntity
        }
        """)
    #expect(result.status != 0)
    #expect(result.diagnostics.contains("an OpenIntent needs a perform() of its own that shows `target`"))
}
