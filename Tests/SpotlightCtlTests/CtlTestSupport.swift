import Foundation
import SpotlightTestSupport
#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel

/// The directory of the built executables: the one the test binary runs from.
let productsDirectory: URL = {
    var dir = URL(fileURLWithPath: builtProductsDirectory())
    while dir.path != "/" && !FileManager.default.fileExists(atPath: dir.appendingPathComponent("spotlightctl").path) {
        dir = dir.deletingLastPathComponent()
    }
    return dir
}()

/// The bundle every test daemon grants to spotlightctl.
let grantedBundle = "com.example.CtlTests"

/// What one run of spotlightctl printed and how it exited.
struct CtlRun {
    var code: Int32
    var stdout: String
    var stderr: String

    /// Decodes stdout as JSON.
    func json<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(stdout.utf8))
    }
}

/// A real spotlightd for spotlightctl's tests: a ``TestSpotlightd`` that grants
/// `com.example.CtlTests`, with spotlightctl run against it and files of the test in its directory.
final class TestDaemon: @unchecked Sendable {
    let daemon: TestSpotlightd
    var root: URL { URL(fileURLWithPath: daemon.root) }
    var socket: String { daemon.socket }
    var dataDirectory: String { daemon.dataDirectory }
    var appsDirectory: String { daemon.appsDirectory }

    /// A temp directory only; call ``start(grants:environment:arguments:)`` for the daemon.
    init() throws {
        daemon = try TestSpotlightd(start: false)
    }

    /// Starts spotlightd granting ``grantedBundle`` and `grants`, and waits until it serves.
    @discardableResult
    func start(grants: [String] = [], environment extra: [String: String] = [:],
               arguments more: [String] = []) async throws -> TestDaemon {
        daemon.options = .init(grants: [grantedBundle] + grants, arguments: more, environment: extra)
        try daemon.start()
        return self
    }

    func createFile(_ name: String, _ text: String = "") -> URL {
        let url = root.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(text.utf8))
        return url
    }

    /// Runs spotlightctl with `SPOTLIGHT_SOCKET` pointing at this daemon and stdin from /dev/null.
    func ctl(_ arguments: [String], environment extra: [String: String] = [:]) -> CtlRun {
        spawnCtl(arguments, environment: extra).result()
    }

    /// Starts spotlightctl without waiting, stdin from `input` (else /dev/null); `result()` after it exits.
    func spawnCtl(_ arguments: [String], environment extra: [String: String] = [:],
                  input: FileHandle = FileHandle.nullDevice) -> CtlProcess {
        let id = UUID().uuidString.prefix(8)
        let out = createFile("out-\(id)"), err = createFile("err-\(id)")
        let p = Process()
        p.executableURL = productsDirectory.appendingPathComponent("spotlightctl")
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["SPOTLIGHT_SOCKET"] = socket
        env.removeValue(forKey: "SPOTLIGHT_APPS_DIR")
        env.merge(extra) { $1 }
        p.environment = env
        p.standardInput = input
        p.standardOutput = try? FileHandle(forWritingTo: out)
        p.standardError = try? FileHandle(forWritingTo: err)
        try? p.run()
        return CtlProcess(process: p, out: out, err: err)
    }

    /// Imports records through `spotlightctl import` (which must succeed).
    func importRecords(_ records: [Record], bundle: String = grantedBundle) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let lines = try records.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        let file = createFile("import-\(UUID().uuidString.prefix(8)).jsonl", lines.joined(separator: "\n") + "\n")
        let run = ctl(["import", file.path, "--bundle", bundle])
        guard run.code == 0 else {
            throw SpotlightError(.internal, "import failed (\(run.code)): \(run.stderr)")
        }
    }

    /// Stops spotlightd with SIGTERM (``start()`` runs it again on the same directories).
    func stop() { daemon.stop() }
}

/// A running spotlightctl.
struct CtlProcess {
    let process: Process
    let out: URL
    let err: URL

    /// Presses Ctrl-C `times` times: SIGINT, then 200 ms for it to be handled. The first waits
    /// (at most 30 s) until spotlightctl catches SIGINT, so a slow start cannot make it die of it.
    func pressCtrlC(times: Int = 1) async throws {
        let deadline = Date().addingTimeInterval(30)
        while !catchesSIGINT, process.exitIfEnded == nil, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        for _ in 0..<times {
            kill(process.processIdentifier, SIGINT)
            try await Task.sleep(for: .milliseconds(200))
        }
    }

    /// Whether it has a handler for SIGINT (`SigCgt` in /proc/PID/status).
    var catchesSIGINT: Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
              let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16) else {
            return false
        }
        return mask & (1 << (SIGINT - 1)) != 0
    }

    /// Waits at most `seconds` for it to exit.
    /// - Returns: whether it did.
    func exits(within seconds: Double) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.exitIfEnded == nil, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        return process.exitIfEnded != nil
    }

    func result() -> CtlRun {
        CtlRun(code: exitStatus(of: process),
               stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
               stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }
}

/// Records of the granted bundle with every kind of field.
func sampleRecords(_ count: Int = 3) -> [Record] {
    (0..<count).map(sampleRecord)
}

func sampleRecord(_ i: Int) -> Record {
    let when = Date(timeIntervalSince1970: 1_780_000_000 + Double(i) * 3600.5)
    var properties: [String: PropertyValue] = [:]
    properties["when"] = .date(when)
    properties["seats"] = .int(i)
    properties["ratio"] = .double(Double(i) / 3)
    properties["open"] = .bool(i % 2 == 0)
    properties["link"] = .url(URL(string: "https://example.com/e/\(i)")!)
    properties["color"] = .enumCase("red")
    properties["calendar"] = .entity(EntityReference(type: "CalendarEntity", id: "C\(i % 4)"))
    properties["tags"] = .array([.string("a"), .string("b \(i)")])
    return Record(bundle: grantedBundle, type: i % 2 == 0 ? "EventEntity" : "CalendarEntity", id: "R\(i)",
                  title: "Supernova Viewing Party \(i)", subtitle: i % 3 == 0 ? "on the roof" : nil,
                  synonyms: ["stargazing \(i)"], keywords: ["comet"], properties: properties,
                  domain: "calendar.C\(i % 4)", expiration: Date(timeIntervalSince1970: 4_000_000_000),
                  rankingHint: i % 101)
}

/// The JSON form of `status --json`, the parts the tests read.
struct StatusJSON: Decodable {
    struct Index: Decodable {
        var counts: [BundleCount]
        var recordCount: Int
        var indexState: String
        var rebuildDone: Int?
    }
    var running: Bool
    var dataDirectory: String
    var socket: String
    var appsDirectory: String?
    var index: Index
}
