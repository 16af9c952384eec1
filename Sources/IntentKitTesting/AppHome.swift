import Foundation
import SpotlightModel

/// A home directory of its own for an app the harness runs, so that an app following the XDG
/// base directory specification (or writing under `$HOME`) never touches the tester's real
/// data: `HOME` and `XDG_DATA_HOME`, `XDG_CONFIG_HOME`, `XDG_CACHE_HOME`, `XDG_STATE_HOME`
/// inside it, each created with mode 0700.
///
/// ```swift
/// let home = try AppHome.make(at: directory.appendingPathComponent("home/a1"))
/// home.environment["XDG_DATA_HOME"]   // ".../home/a1/.local/share"
/// ```
struct AppHome {
    let root: URL

    /// The variables an app gets; they replace the test process's own.
    var environment: [String: String] {
        [
            "HOME": root.path,
            "XDG_DATA_HOME": root.appendingPathComponent(".local/share").path,
            "XDG_CONFIG_HOME": root.appendingPathComponent(".config").path,
            "XDG_CACHE_HOME": root.appendingPathComponent(".cache").path,
            "XDG_STATE_HOME": root.appendingPathComponent(".local/state").path,
        ]
    }

    /// Creates the home and its four XDG directories.
    /// - Throws: `SpotlightError(.io)` naming the directory that could not be made.
    static func make(at root: URL) throws -> AppHome {
        let home = AppHome(root: root)
        for key in ["XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"] {
            guard let path = home.environment[key] else { continue }
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw SpotlightError(.io, "cannot create the app's own \(key) directory \(path) in the test's "
                    + "temporary directory", underlying: "\(error)")
            }
        }
        return home
    }

    /// A home under the system's temporary directory for a short run (the `--describe` of a
    /// candidate app); the caller removes it with ``remove()``.
    static func temporary() -> AppHome? {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ikt-home-\(UUID().uuidString)")
        return try? make(at: root)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
