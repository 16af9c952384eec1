import Foundation
import IntentKit
import SpotlightModel
import Testing

// An IntentFile made from Data goes on the wire as a file: URL, written once per value.

@Test func encodingTheSameDataFileAgainWritesNoNewFile() throws {
    let file = IntentFile(data: Data("hello".utf8), filename: "note.txt", type: .plainText)
    let copy = file
    guard case .url(let first)? = file.propertyValue, case .url(let again)? = copy.propertyValue else {
        Issue.record("an IntentFile made from data has no file: URL")
        return
    }
    defer { try? FileManager.default.removeItem(at: first.deletingLastPathComponent().deletingLastPathComponent()) }
    #expect(again == first)
    #expect(try FileManager.default.contentsOfDirectory(atPath: first.deletingLastPathComponent().path) == ["note.txt"])
}
