import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import SpotlightKit
import SpotlightModel

/// `<data>/index` is spotlightd's link to its active index generation. One that points
/// outside the data directory was followed: the start renamed the directory it named.
/// spotlightd never renames or deletes anything outside its data directory.
@Suite struct IndexLinkTests {
    /// A data directory (0700, never started in) whose `index` links to `target(root)`.
    func dataDirectory(linkingIndexTo target: (String) -> String) throws -> (DaemonProcess, target: String) {
        let daemon = try DaemonProcess(start: false)
        try PrivateFiles.createDirectory(daemon.dataDirectory)
        let path = target(daemon.root)
        try #require(symlink(path, daemon.dataDirectory + "/index") == 0)
        return (daemon, path)
    }

    /// The start of a daemon that must not start: its stderr once it exited 1 (stopped when
    /// it serves instead).
    func refusedStart(_ daemon: DaemonProcess) throws -> String {
        let start = try daemon.launch()
        #expect(start.waitForExitBlocking(within: .seconds(20)) == .exited(status: 1))
        if start.exit == nil { _ = start.stopBlocking(grace: .seconds(2)) }
        return start.stderrTail
    }

    @Test func anIndexLinkOutsideTheDataDirectoryStopsTheStartAndNothingOutsideIsMoved() throws {
        let (daemon, outside) = try dataDirectory(linkingIndexTo: { $0 + "/outside" })
        try PrivateFiles.createDirectory(outside)
        _ = FileManager.default.createFile(atPath: outside + "/keep", contents: Data("mine".utf8))
        let stderr = try refusedStart(daemon)
        #expect(stderr.contains("\(daemon.dataDirectory)/index is a symbolic link to \(outside), outside the data directory"),
                "\(stderr)")
        #expect(FileManager.default.contents(atPath: outside + "/keep") == Data("mine".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: daemon.root).filter { $0.hasPrefix("outside.") } == [])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: daemon.dataDirectory + "/index") == outside)
    }

    @Test func aDanglingIndexLinkIsRefusedNamingThePathAndWhatToDo() throws {
        let (daemon, gone) = try dataDirectory(linkingIndexTo: { $0 + "/gone" })
        let stderr = try refusedStart(daemon)
        #expect(stderr.contains("\(daemon.dataDirectory)/index is a symbolic link to \(gone), which does not exist"), "\(stderr)")
        #expect(stderr.contains("rm \(daemon.dataDirectory)/index"), "\(stderr)")
        #expect(!stderr.contains("NSCocoaErrorDomain"))
        #expect(!FileManager.default.fileExists(atPath: gone))
    }

    @Test func anIndexThatIsNotALinkIsRefusedNamingIt() throws {
        let daemon = try DaemonProcess(start: false)
        try PrivateFiles.createDirectory(daemon.dataDirectory + "/index")
        let stderr = try refusedStart(daemon)
        #expect(stderr.contains("\(daemon.dataDirectory)/index is not spotlightd's link to its index"), "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: daemon.dataDirectory + "/index.swap"))
    }

    /// The generation the link names was removed (by hand): nothing to keep, so a fresh index,
    /// and no store is reported lost.
    @Test func aLinkToAMissingGenerationStartsWithAFreshIndex() async throws {
        let (daemon, _) = try dataDirectory(linkingIndexTo: { _ in "index.9" })
        try daemon.start()
        #expect(try await daemon.index().status().index.indexState == "ok")
        try await daemon.index().indexRecords([note("n1", "heron")])
        #expect(try await daemon.index().query(SearchQuery(text: "heron")).hits.map(\.record.id) == ["n1"])
        #expect(!daemon.log().contains("the record store was lost"))
    }

    @Test func aStoreMissingBesideItsIndexIsNotSaidToBeMovedAnywhere() async throws {
        let daemon = try DaemonProcess()
        try await daemon.index().indexRecords([note("n1", "heron")])
        #expect(daemon.stop() == .exited(status: 0))
        try FileManager.default.removeItem(atPath: daemon.dataDirectory + "/store.sqlite")
        try daemon.start()
        #expect(daemon.logged("was missing while an index existed; started an empty store."))
        #expect(!daemon.log().contains("moved it to nowhere"))
    }
}
