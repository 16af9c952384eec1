import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightKit
import SpotlightModel
import SpotlightTestSupport
import SpotlightSupervision
import Testing

/// spotlightd keeps its data directory and its app registry to its user, as ssh keeps ~/.ssh:
/// directories 0700, files 0600, a looser directory from an earlier run tightened at start.
@Suite struct PrivateFilesTests {
    /// Opens everything below `path` to group and others, as a daemon run under umask 022 left it.
    func loosen(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFLNK else { return }
        let isDirectory = status.st_mode & S_IFMT == S_IFDIR
        chmod(path, isDirectory ? 0o755 : 0o644)
        guard isDirectory else { return }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] { loosen(path + "/" + name) }
    }

    func mode(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
    }

    @Test func aDataDirectoryLeftOpenByAnEarlierRunIsTightenedAtStartAndLogged() async throws {
        let daemon = try DaemonProcess()
        try await daemon.index().indexRecords([note("1", "kept private")])
        daemon.stop()
        loosen(daemon.dataDirectory)
        try AppRegistry(directory: URL(fileURLWithPath: daemon.appsDirectory))
            .install(AppManifest(bundleIdentifier: "com.example.Open", executable: "/usr/bin/true"))
        loosen(daemon.appsDirectory)
        #expect(mode(daemon.dataDirectory) == 0o755 && mode(daemon.dataDirectory + "/store.sqlite") == 0o644)

        try daemon.start()
        #expect(PrivateFiles.looseEntries(daemon.dataDirectory).map(\.path) == [])
        #expect(PrivateFiles.looseEntries(daemon.appsDirectory).map(\.path) == [])
        #expect(mode(daemon.dataDirectory) == 0o700)
        #expect(mode(daemon.dataDirectory + "/store.sqlite") == 0o600)
        #expect(mode(daemon.appsDirectory + "/com.example.Open.json") == 0o600)
        #expect(daemon.logged("tightened \(daemon.dataDirectory) from 755 to 700"))
        #expect(daemon.logged("tightened \(daemon.dataDirectory)/store.sqlite from 644 to 600"))
        #expect(daemon.logged("tightened \(daemon.appsDirectory) from 755 to 700"))
        #expect(try await daemon.index().query(SearchQuery(text: "private")).hits.count == 1)
    }

    /// A data directory below a regular file names that file as what is in the way, rather
    /// than asking whether its (writable) parent is writable.
    @Test func aFileInTheWayOfTheDataDirectoryIsNamedAsSuch() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pf-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try PrivateFiles.createDirectory(root)
        #expect(FileManager.default.createFile(atPath: root + "/afile", contents: Data("x".utf8)))
        do {
            try PrivateFiles.createDirectory(root + "/afile/data")
            Issue.record("a directory was made below a regular file")
        } catch let error as SpotlightError {
            #expect(error.message.contains("\(root)/afile: a file that is not a directory is in the way"), "\(error)")
        }
    }

    @Test func everyFileTheDaemonMakesIsItsUsersAlone() async throws {
        let daemon = try DaemonProcess()
        let index = daemon.index()
        try await index.indexRecords((0..<50).map { note("n\($0)", "galaxy \($0)") })
        _ = try await index.rebuild()   // a new index generation, made while running
        try await index.indexRecords([note("late", "after the rebuild")])
        daemon.stop()                   // the clean-shutdown marker
        let loose = PrivateFiles.looseEntries(daemon.dataDirectory)
        #expect(loose.map { "\($0.path) \(String($0.mode, radix: 8))" } == [])
        #expect(mode(daemon.dataDirectory) == 0o700)
        #expect(FileManager.default.fileExists(atPath: daemon.dataDirectory + "/store.sqlite-wal")
            || FileManager.default.fileExists(atPath: daemon.dataDirectory + "/store.sqlite"))
    }
}
