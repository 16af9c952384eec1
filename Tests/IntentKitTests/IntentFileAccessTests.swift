import Foundation
import IntentKit
import SpotlightModel
import Testing

// Apple's ways to read an IntentFile as a file on disk: withFile(contentType:allowOpenInPlace:fileHandler:),
// file(contentType:destinationDirectory:) and availableContentTypes.

/// A directory of its own for one test, removed by the caller.
private func scratchDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("intentfile-access-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// `photo.txt` holding "bytes" in a directory of its own, which the caller removes.
private func scratchPhoto() throws -> (directory: URL, file: URL) {
    let directory = try scratchDirectory()
    let file = directory.appendingPathComponent("photo.txt")
    try Data("bytes".utf8).write(to: file)
    return (directory, file)
}

@Test func withFileHandsOverACopyOfDataAndRemovesItAfterTheHandler() async throws {
    let file = IntentFile(data: Data("hello".utf8), filename: "note.txt", type: .plainText)
    let (url, inPlace, text) = try await file.withFile(contentType: .plainText) { url, inPlace in
        (url, inPlace, try String(contentsOf: url, encoding: .utf8))
    }
    #expect(text == "hello")
    #expect(inPlace == false)
    #expect(url.lastPathComponent == "note.txt")
    #expect(!FileManager.default.fileExists(atPath: url.path))
}

@Test func withFileAllowingOpenInPlaceHandsOverTheFileItself() async throws {
    let (directory, original) = try scratchPhoto()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (url, inPlace) = try await IntentFile(fileURL: original).withFile(contentType: .plainText, allowOpenInPlace: true) { ($0, $1) }
    #expect(url == original)
    #expect(inPlace)
    #expect(FileManager.default.fileExists(atPath: original.path))
}

@Test func withFileNotInPlaceCopiesAFileAndLeavesTheOriginal() async throws {
    let (directory, original) = try scratchPhoto()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (url, inPlace, text) = try await IntentFile(fileURL: original).withFile(contentType: .plainText) { url, inPlace in
        (url, inPlace, try String(contentsOf: url, encoding: .utf8))
    }
    #expect(url != original)
    #expect(inPlace == false)
    #expect(text == "bytes")
    #expect(FileManager.default.fileExists(atPath: original.path))
}

@Test func fileWithoutADestinationIsTheFileInPlace() async throws {
    let (directory, original) = try scratchPhoto()
    defer { try? FileManager.default.removeItem(at: directory) }
    let opened = try await IntentFile(fileURL: original).file(contentType: .plainText)
    #expect(opened.fileURL == original)
    #expect(opened.openedInPlace)
}

@Test func fileOfDataWithoutADestinationIsAWrittenCopy() async throws {
    let opened = try await IntentFile(data: Data("hi".utf8), filename: "a.txt").file(contentType: .plainText)
    defer { try? FileManager.default.removeItem(at: opened.fileURL.deletingLastPathComponent()) }
    #expect(opened.openedInPlace == false)
    #expect(try String(contentsOf: opened.fileURL, encoding: .utf8) == "hi")
}

@Test func fileWithADestinationWritesACopyThere() async throws {
    let directory = try scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = IntentFile(data: Data("hello".utf8), filename: "note.txt")
    let copied = try await file.file(contentType: .plainText, destinationDirectory: directory)
    #expect(copied.fileURL == directory.appendingPathComponent("note.txt"))
    #expect(copied.openedInPlace == false)
    #expect(try String(contentsOf: copied.fileURL, encoding: .utf8) == "hello")
}

@Test func fileIntoAMissingDirectoryFailsNamingThePath() async throws {
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-dir-\(UUID().uuidString)")
    let file = IntentFile(data: Data("hello".utf8), filename: "note.txt")
    let error = await #expect(throws: SpotlightError.self) {
        _ = try await file.file(contentType: .plainText, destinationDirectory: missing)
    }
    #expect(error?.code == .io)
    #expect(error?.message.contains(missing.appendingPathComponent("note.txt").path) == true)
    #expect(error?.message.contains("give a directory that exists and is writable") == true)
}

@Test func availableContentTypesAreTheFilesOwnType() {
    #expect(IntentFile(data: Data(), filename: "a.txt", type: .plainText).availableContentTypes == [.plainText])
    #expect(IntentFile(data: Data(), filename: "a").availableContentTypes.isEmpty)
}
