import Foundation
import Testing
import SpotlightKit
import SpotlightModel

/// An app that failed to start during a rebuild from the apps was reported with the end of
/// its stderr twice, and over two lines of the daemon's log, whose lines are one event each.
@Suite struct AppRebuildFailureTextTests {
    @Test func anAppThatCannotStartIsReportedOnOneLineWithItsStderrOnce() async throws {
        let daemon = try DaemonProcess()
        let bin = daemon.root + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        chmod(bin, 0o755)
        let app = bin + "/crashy"
        try Data("#!/bin/sh\necho 'boom: no config' >&2\nexit 7\n".utf8).write(to: URL(fileURLWithPath: app))
        chmod(app, 0o755)
        let manifest = daemon.appsDirectory + "/com.example.Crashy.json"
        try Data(#"{"bundleIdentifier":"com.example.Crashy","executable":"\#(app)","arguments":["--serve"]}"#.utf8)
            .write(to: URL(fileURLWithPath: manifest))
        chmod(manifest, 0o600)
        let c = try RawConnection(path: daemon.socket)
        c.send(#"{"jsonrpc":"2.0","id":1,"method":"rebuild","params":{"from":"apps","bundle":"com.example.Crashy"}}"#)
        let apps = (c.readJSON()?["result"] as? [String: Any])?["apps"] as? [[String: Any]]
        let error = try #require(apps?.first?["error"] as? String)
        #expect(error.components(separatedBy: "boom: no config").count == 2, "\(error)")
        #expect(!error.contains("\n"), "\(error)")
        #expect(daemon.logged("com.example.Crashy failed"))
        let line = daemon.log().split(separator: "\n").first { $0.contains("com.example.Crashy failed") } ?? ""
        #expect(line.contains("boom: no config"), "\(line)")
    }
}
