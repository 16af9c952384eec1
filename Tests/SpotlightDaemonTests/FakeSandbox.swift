import Foundation
import SpotlightSupervision
import SpotlightTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A Flatpak sandbox as spotlightd sees one, without Flatpak: a process in its own mount
/// namespace (`unshare --mount`), chrooted into a root made of bind mounts of the host's
/// /usr, /etc, /dev, /proc and /tmp, with a `.flatpak-info` naming the app bind-mounted at
/// its top. spotlightd reads `/proc/PID/root/.flatpak-info` as it does for a real sandbox.
/// Needs root (mount namespaces); nothing is mounted outside the namespace.
///
/// ```swift
/// let sandbox = try FakeSandbox(appID: "org.example.Notes")
/// let answers = try sandbox.send([#"{"jsonrpc":"2.0","id":1,"method":"hello"}"#], to: socket)
/// ```
struct FakeSandbox {
    let appID: String
    let root: String
    let info: String

    /// True where a mount namespace can be made (root, unshare installed).
    static let isAvailable: Bool = {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/socat") else { return false }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        probe.arguments = ["--mount", "--propagation", "private", "true"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        return probe.waitForExit(within: .seconds(60)) == .exited(status: 0)
    }()

    init(appID: String) throws {
        self.appID = appID
        root = "/tmp/fs-" + String(UUID().uuidString.prefix(8))
        info = root + ".flatpak-info"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Data("[Application]\nname=\(appID)\nruntime=runtime/org.example.Platform/x86_64/1\n".utf8)
            .write(to: URL(fileURLWithPath: info))
    }

    /// Sends each JSON-RPC line to `socket` with socat from inside the sandbox, one connection
    /// per line, in order; returns the answers, one per line.
    func send(_ lines: [String], to socket: String) throws -> [String] {
        let requests = root + ".requests"
        try Data(lines.joined(separator: "\n").appending("\n").utf8).write(to: URL(fileURLWithPath: requests))
        defer { unlink(requests) }
        let inside = #"while IFS= read -r line; do printf '%s\n' "$line" | socat -t5 - UNIX-CONNECT:\#(socket); done < \#(requests)"#
        let script = """
            set -e
            for d in usr etc dev proc tmp; do mkdir -p \(root)/$d; mount --rbind /$d \(root)/$d; done
            ln -sf usr/bin \(root)/bin; ln -sf usr/lib \(root)/lib; ln -sf usr/lib64 \(root)/lib64
            touch \(root)/.flatpak-info
            mount --bind \(info) \(root)/.flatpak-info
            exec chroot \(root) /bin/sh -c '\(inside.replacingOccurrences(of: "'", with: "'\\''"))'
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["--mount", "--propagation", "private", "/bin/sh", "-c", script]
        let output = closeOnExecPipe(), errors = closeOnExecPipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        let problems = errors.fileHandleForReading.readDataToEndOfFile()
        let exit = process.waitForExit(within: .seconds(60))
        guard exit == .exited(status: 0) else {
            throw SandboxError(message: "the fake sandbox failed (\(exit.map(\.description) ?? "still running after 60 s")): "
                + String(decoding: problems, as: UTF8.self))
        }
        return String(decoding: answer, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    struct SandboxError: Error { var message: String }

    /// Removes the root's (empty) mount points one by one, never recursively: were a mount
    /// still there, a recursive removal would reach into the host's /usr.
    func remove() {
        for d in ["usr", "etc", "dev", "proc", "tmp"] { rmdir(root + "/" + d) }
        for link in ["bin", "lib", "lib64", ".flatpak-info"] { unlink(root + "/" + link) }
        rmdir(root)
        unlink(info)
    }
}
