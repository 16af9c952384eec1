import Foundation
import Testing

/// An app registry path that names a file was reported with Foundation's error dumped whole
/// ("Error Domain=NSCocoaErrorDomain Code=256 "(null)" UserInfo={…}").
@Suite struct CtlAppsRegistryNotADirectoryTests {
    @Test func anAppsDirectoryThatIsAFileSaysItIsNotADirectory() async throws {
        let daemon = try await TestDaemon().start()
        let file = daemon.createFile("registry.txt", "not a directory").path
        let run = daemon.ctl(["apps", "--apps-dir", file])
        #expect(run.code == 1)
        #expect(run.stderr.contains("cannot list the app registry \(file): Not a directory; the app registry must be a directory"),
                "\(run.stderr)")
        #expect(!run.stderr.contains("NSCocoaErrorDomain"), "\(run.stderr)")
    }
}
