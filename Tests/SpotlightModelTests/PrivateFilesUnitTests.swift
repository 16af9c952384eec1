import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel
import Testing

@Suite struct PrivateFilesUnitTests {
    func mode(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
    }

    @Test func aMissingDataDirectoryIsCreatedPrivateWithItsParents() throws {
        let root = "/tmp/sd-" + String(UUID().uuidString.prefix(8))
        defer { try? FileManager.default.removeItem(atPath: root) }
        try PrivateFiles.createDirectory(root + "/a/b")
        #expect(mode(root) == 0o700 && mode(root + "/a") == 0o700 && mode(root + "/a/b") == 0o700)
        try PrivateFiles.createDirectory(root + "/a/b")   // exists: fine
        #expect(throws: SpotlightError.self) {
            _ = FileManager.default.createFile(atPath: root + "/file", contents: nil)
            try PrivateFiles.createDirectory(root + "/file/c")
        }
    }

    @Test func aRelativeDataDirectoryIsCreatedInTheCurrentDirectoryNotAtTheRoot() throws {
        let name = "sd-relative-" + String(UUID().uuidString.prefix(8))
        let here = FileManager.default.currentDirectoryPath + "/" + name
        defer { try? FileManager.default.removeItem(atPath: here); try? FileManager.default.removeItem(atPath: "/" + name) }
        try PrivateFiles.createDirectory(name + "/data")
        #expect(mode(here + "/data") == 0o700)
        #expect(!FileManager.default.fileExists(atPath: "/" + name))
    }

    @Test func tighteningLeavesLinksAndPrivateEntriesAloneAndSaysWhatItChanged() throws {
        let root = "/tmp/pf-" + String(UUID().uuidString.prefix(8))
        defer { try? FileManager.default.removeItem(atPath: root) }
        try PrivateFiles.createDirectory(root + "/d")
        chmod(root + "/d", 0o775)
        _ = FileManager.default.createFile(atPath: root + "/d/open", contents: nil, attributes: [.posixPermissions: 0o666])
        _ = FileManager.default.createFile(atPath: root + "/d/mine", contents: nil, attributes: [.posixPermissions: 0o600])
        _ = FileManager.default.createFile(atPath: "/tmp/pf-target-\(getpid())", contents: nil, attributes: [.posixPermissions: 0o644])
        defer { unlink("/tmp/pf-target-\(getpid())") }
        symlink("/tmp/pf-target-\(getpid())", root + "/d/link")
        let changes = PrivateFiles.tighten(root)
        #expect(changes.map(\.description) == ["\(root)/d from 775 to 700", "\(root)/d/open from 666 to 600"])
        #expect(mode("/tmp/pf-target-\(getpid())") == 0o644)
        #expect(PrivateFiles.looseEntries(root).isEmpty)
    }
}
