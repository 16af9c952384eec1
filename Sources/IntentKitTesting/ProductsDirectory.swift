import Foundation

/// Where the harness looks for built executables (spotlightd, apps): `SPOTLIGHT_TEST_BIN_DIR`
/// when set, else the directory of the running test executable (SwiftPM puts the test bundle
/// beside the package's built products) and the bundle's directory and its parent.
enum ProductsDirectory {
    static func candidates(environment: [String: String] = ProcessInfo.processInfo.environment) -> [URL] {
        if let dir = environment["SPOTLIGHT_TEST_BIN_DIR"], !dir.isEmpty {
            return [URL(fileURLWithPath: dir, isDirectory: true)]
        }
        var dirs: [URL] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            dirs.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        dirs.append(URL(fileURLWithPath: CommandLine.arguments[0]).absoluteURL.deletingLastPathComponent())
        dirs.append(Bundle.main.bundleURL)
        dirs.append(Bundle.main.bundleURL.deletingLastPathComponent())
        // `.build/debug` is a symlink to `.build/<triple>/debug`: the same directory by two names.
        var seen = Set<String>()
        return dirs.map { $0.resolvingSymlinksInPath().standardizedFileURL }.filter { seen.insert($0.path).inserted }
    }

    /// The first executable named `name` among the candidates, then on `PATH`.
    static func executable(named name: String,
                           environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        let path = (environment["PATH"] ?? "").split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        for dir in candidates(environment: environment) + path {
            let url = dir.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }
}
