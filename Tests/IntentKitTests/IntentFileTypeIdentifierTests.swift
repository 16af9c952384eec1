import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

/// A file parameter declared with uniform type identifiers, as Apple's developer forums answer writes it.
struct CopyImageIntent: AppIntent {
    @Parameter(title: "Image", description: "Image to copy", supportedTypeIdentifiers: ["public.image"],
               inputConnectionBehavior: .connectToPreviousIntentResult) var file: IntentFile
    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: file.filename) }
}

@Test func aFileParameterWithSupportedTypeIdentifiersTakesAnExistingFile() async throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("copy-image-\(UUID().uuidString).png")
    try Data([0x89, 0x50]).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let dispatcher = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [CopyImageIntent.self])
    let result = try await dispatcher.runIntent(RunIntentParams(intent: "CopyImageIntent", arguments: ["file": .url(url)]))
    #expect(result.value == .value(.string(url.lastPathComponent)))
}
