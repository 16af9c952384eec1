import Foundation
import SpotlightSupervision
#if canImport(Glibc)
import Glibc
#endif
import SpotlightKit
import SpotlightModel
import SpotlightTestSupport
import SpotlightWire
import Testing

/// A manifest dropped into the app registry must not let another program write as an app:
/// a copied `socat` tries to donate as CometCal through each kind of bad manifest.
@Suite struct RegistryTrustTests {
    static let bundle = "com.example.apple-samplecode.CometCal"

    /// A daemon that grants nothing, and a copy of socat in a directory of its own.
    struct Setup {
        let daemon: DaemonProcess
        let socat: String
        var apps: String { daemon.appsDirectory }

        init() throws {
            daemon = try DaemonProcess(grants: [])
            let bin = daemon.root + "/bin"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            chmod(bin, 0o755)
            socat = bin + "/socat"
            try FileManager.default.copyItem(atPath: "/usr/bin/socat", toPath: socat)
            chmod(socat, 0o755)
        }

        /// Writes a manifest file by hand, as anyone with access to the directory could.
        func write(_ file: String, bundle: String, executable: String) throws {
            let text = #"{"bundleIdentifier":"\#(bundle)","executable":"\#(executable)","arguments":["--serve"]}"#
            try Data(text.utf8).write(to: URL(fileURLWithPath: apps + "/" + file))
            chmod(apps + "/" + file, 0o600)
        }

        /// The copied socat donates one record of CometCal; returns the daemon's answer.
        func donateWithSocat(_ id: String) throws -> String {
            let record = #"{"bundle":"\#(RegistryTrustTests.bundle)","type":"EventEntity","id":"\#(id)","title":"forged \#(id)"}"#
            let line = #"{"jsonrpc":"2.0","id":1,"method":"donate","params":{"records":[\#(record)]}}"#
            let process = Process()
            process.executableURL = URL(fileURLWithPath: socat)
            process.arguments = ["-t5", "-", "UNIX-CONNECT:\(daemon.socket)"]
            let input = closeOnExecPipe(), output = closeOnExecPipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            input.fileHandleForWriting.write(Data((line + "\n").utf8))
            try input.fileHandleForWriting.close()
            let answer = output.fileHandleForReading.readDataToEndOfFile()
            _ = process.waitForExit(within: .seconds(60))
            return String(decoding: answer, as: UTF8.self)
        }

        func stored(_ id: String) async throws -> Bool {
            try await !daemon.index().records(for: [RecordKey(bundle: RegistryTrustTests.bundle, type: "EventEntity", id: id)]).isEmpty
        }
    }

    @Test func aCorrectManifestMakesTheProgramThatApp() async throws {
        let setup = try Setup()
        try setup.write(Self.bundle + ".json", bundle: Self.bundle, executable: setup.socat)
        let answer = try setup.donateWithSocat("ok")
        #expect(answer.contains(#""result""#), "\(answer)")
        #expect(try await setup.stored("ok"))
    }

    enum Forgery: String, CaseIterable, Sendable {
        case fileNameIsNotTheBundle, twoManifestsNameTheBundle, executableWritableByOthers,
             executableOfAnotherUser, executableInADirectoryOthersMayWrite, manifestWritableByOthers,
             manifestIsALink
    }

    @Test(arguments: Forgery.allCases)
    func aForgedManifestIsRefusedWithTheReasonAndTheProgramCannotWriteAsTheApp(_ forgery: Forgery) async throws {
        let setup = try Setup()
        let proper = Self.bundle + ".json"
        let reason: String
        switch forgery {
        case .fileNameIsNotTheBundle:
            try setup.write("evil.json", bundle: Self.bundle, executable: setup.socat)
            reason = "evil.json: its file name is not its bundle identifier"
        case .twoManifestsNameTheBundle:
            try setup.write(proper, bundle: Self.bundle, executable: "/usr/bin/true")
            try setup.write("zz.json", bundle: Self.bundle, executable: setup.socat)
            reason = "\(proper): 2 manifests name the bundle \(Self.bundle)"
        case .executableWritableByOthers:
            try setup.write(proper, bundle: Self.bundle, executable: setup.socat)
            chmod(setup.socat, 0o777)
            reason = "its executable \(setup.socat) is writable by group or others"
        case .executableOfAnotherUser:
            try setup.write(proper, bundle: Self.bundle, executable: setup.socat)
            chown(setup.socat, 4242, 4242)
            reason = "its executable \(setup.socat) is owned by uid 4242"
        case .executableInADirectoryOthersMayWrite:
            try setup.write(proper, bundle: Self.bundle, executable: setup.socat)
            chmod(setup.daemon.root + "/bin", 0o777)
            reason = "the directory of its executable \(setup.daemon.root)/bin is writable by group or others"
        case .manifestWritableByOthers:
            try setup.write(proper, bundle: Self.bundle, executable: setup.socat)
            chmod(setup.apps + "/" + proper, 0o666)
            reason = "the manifest \(setup.apps)/\(proper) is writable by group or others"
        case .manifestIsALink:
            try setup.write("real.txt", bundle: Self.bundle, executable: setup.socat)
            symlink(setup.apps + "/real.txt", setup.apps + "/" + proper)
            reason = "is a symbolic link"
        }
        let answer = try setup.donateWithSocat("forged")
        #expect(answer.contains("-32006") && answer.contains("may not donate records of \(Self.bundle)"), "\(answer)")
        #expect(try await !setup.stored("forged"))
        #expect(setup.daemon.logged(reason))
        let log = setup.daemon.log()
        #expect(log.contains("app registry: refused") && log.contains(reason), "\(log)")
    }
}
