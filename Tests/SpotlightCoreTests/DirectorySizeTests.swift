import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import SpotlightCore
import Testing

// directorySize: what `status` reports as indexBytes and compaction as bytes before and after.

@Test func directorySizeSumsTheFilesBelowAPathWithoutFollowingLinks() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("dirsize-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    try Data(count: 1000).write(to: URL(fileURLWithPath: root + "/a"))
    try Data(count: 234).write(to: URL(fileURLWithPath: root + "/sub/b"))
    // A link to a large file outside counts as the link itself, not the file.
    try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: "/usr/lib")
    var sub = stat(), link = stat()
    try #require(lstat(root + "/sub", &sub) == 0 && lstat(root + "/link", &link) == 0)
    #expect(directorySize(root) == 1000 + 234 + Int64(sub.st_size) + Int64(link.st_size))
}

@Test func directorySizeOfAMissingPathIsZero() {
    #expect(directorySize("/nonexistent/spotlight-dirsize") == 0)
}
