import Foundation
import SpotlightModel
import SpotlightWire
import Synchronization

/// Which app `XCUIApplication()` means: the app under test of the test target that makes it,
/// whatever else the test process has created. Resolved when the application is first used
/// (launched, terminated, or its screen read), in this order:
///
/// 1. `INTENTKIT_TEST_APP`: a bundle identifier, or the path of the app's executable;
/// 2. the one app executable the calling test target depends on in the package's
///    `Package.swift` (the test target is found from the caller's source file);
/// 3. the built app whose executable name is the test target's name without `Tests`
///    (`NotesTests` → `notes`, ignoring case);
/// 4. the only app among the built products.
///
/// Otherwise the error lists the apps that were found and how to name one.
enum AppUnderTest {
    /// The environment variable that names the app under test.
    static let variable = "INTENTKIT_TEST_APP"

    /// Resolutions by calling file, so each test target pays for the search once.
    private static let resolved = Mutex<[String: String]>([:])

    /// The bundle identifier of the app under test for a caller in `callerFile`.
    /// - Throws: `SpotlightError(.notFound)` listing the apps found and the ways to name one.
    static func bundle(forCallerIn callerFile: String, environment: [String: String]) throws -> String {
        if let named = environment[variable]?.trimmingCharacters(in: .whitespaces), !named.isEmpty {
            return try bundle(named: named)
        }
        if let known = resolved.withLock({ $0[callerFile] }) { return known }
        let apps = AppLocator.builtApps(environment: environment)
        let target = TestTargetManifest.find(forSourceFile: callerFile)
        let chosen = try choose(among: apps, target: target)
        resolved.withLock { $0[callerFile] = chosen.bundle }
        return chosen.bundle
    }

    /// `INTENTKIT_TEST_APP`'s value: a path is described and registered, anything else is a bundle identifier.
    private static func bundle(named: String) throws -> String {
        guard named.contains("/") else { return named }
        let path = URL(fileURLWithPath: named).standardizedFileURL.path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw SpotlightError(.notFound, "\(variable) names \(path), which is not an executable file; "
                + "give the app's bundle identifier or the path of its built executable")
        }
        guard let bundle = AppLocator.describedBundle(path) else {
            throw SpotlightError(.notFound, "\(variable) names \(path), whose --describe does not report a bundle "
                + "identifier; is it an IntentKit app?")
        }
        IntentDefinitions.register(bundleIdentifier: bundle, executable: path)
        return bundle
    }

    static func choose(among apps: [AppLocator.BuiltApp], target: TestTargetManifest?) throws -> AppLocator.BuiltApp {
        if let target {
            let dependedOn = apps.filter { target.dependencies.contains($0.executableName) }
            if dependedOn.count == 1 { return dependedOn[0] }
            let conventional = target.name.lowercased().hasSuffix("tests")
                ? String(target.name.lowercased().dropLast("tests".count)) : target.name.lowercased()
            let named = apps.filter { $0.executableName.lowercased() == conventional }
            if named.count == 1 { return named[0] }
        }
        if apps.count == 1 { return apps[0] }
        let found = apps.isEmpty ? "no IntentKit app was found among the built products"
            : "the built products hold \(apps.count) IntentKit apps ("
                + apps.map { "\($0.executableName): \($0.bundle)" }.joined(separator: ", ") + ")"
        let targetText = target.map { " and test target \($0.name) depends on none of them alone" } ?? ""
        throw SpotlightError(.notFound, """
            XCUIApplication() cannot tell which app is under test: \(found)\(targetText). Name it with \
            XCUIApplication(bundleIdentifier:), or set \(variable) to its bundle identifier or executable, or make \
            the test target depend on the app's executable target in Package.swift (then swift build --build-tests)
            """)
    }
}

/// The part of a `Package.swift` that says what one test target depends on, read as text
/// (the manifest is Swift; only the `.testTarget(...)` call that names the target is read).
struct TestTargetManifest: Hashable {
    var name: String
    /// Every quoted name in the target's `dependencies:`.
    var dependencies: Set<String>

    /// The test target whose sources hold `sourceFile`: the package root is the nearest
    /// directory above it with a `Package.swift`; the target is `Tests/<Name>` (or a target
    /// whose `path:` holds the file). `nil` when there is no manifest or no such target.
    static func find(forSourceFile sourceFile: String) -> TestTargetManifest? {
        var directory = URL(fileURLWithPath: sourceFile).deletingLastPathComponent()
        while directory.path != "/" {
            let manifest = directory.appendingPathComponent("Package.swift")
            if let text = try? String(contentsOf: manifest, encoding: .utf8) {
                let relative = String(URL(fileURLWithPath: sourceFile).standardizedFileURL.path
                    .dropFirst(directory.standardizedFileURL.path.count + 1))
                return parse(text, sourceFileRelativePath: relative)
            }
            directory.deleteLastPathComponent()
        }
        return nil
    }

    /// Reads the test targets of a manifest's text and picks the one that holds the file.
    static func parse(_ manifest: String, sourceFileRelativePath relative: String) -> TestTargetManifest? {
        let parts = relative.split(separator: "/").map(String.init)
        let conventionalName = parts.count >= 2 && parts[0] == "Tests" ? parts[1] : nil
        for call in calls(named: ".testTarget(", in: manifest) {
            guard let name = firstString(after: "name:", in: call) else { continue }
            let path = firstString(after: "path:", in: call)
            let holdsFile = path.map { relative.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") } ?? (name == conventionalName)
            guard holdsFile else { continue }
            let dependencies = bracketed(after: "dependencies:", in: call).map(quotedStrings) ?? []
            return TestTargetManifest(name: name, dependencies: Set(dependencies))
        }
        return nil
    }

    /// The text inside each `<opening>...)` call, parentheses balanced, strings skipped.
    static func calls(named opening: String, in text: String) -> [String] {
        var result: [String] = []
        var searchStart = text.startIndex
        while let range = text.range(of: opening, range: searchStart..<text.endIndex) {
            let body = balanced(text, from: range.upperBound, open: "(", close: ")")
            result.append(body)
            searchStart = range.upperBound
        }
        return result
    }

    static func bracketed(after label: String, in text: String) -> String? {
        guard let range = text.range(of: label), let open = text[range.upperBound...].firstIndex(of: "[") else {
            return nil
        }
        return balanced(text, from: text.index(after: open), open: "[", close: "]")
    }

    static func firstString(after label: String, in text: String) -> String? {
        guard let range = text.range(of: label) else { return nil }
        return quotedStrings(String(text[range.upperBound...])).first
    }

    static func quotedStrings(_ text: String) -> [String] {
        var strings: [String] = []
        var current: String?
        for character in text {
            if character == "\"" {
                if let finished = current { strings.append(finished); current = nil } else { current = "" }
            } else if current != nil {
                current?.append(character)
            }
        }
        return strings
    }

    /// The text from `start` up to the bracket that closes the one just before it.
    private static func balanced(_ text: String, from start: String.Index, open: Character, close: Character) -> String {
        var depth = 1
        var inString = false
        var index = start
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" { inString.toggle() }
            if !inString {
                if character == open { depth += 1 }
                if character == close {
                    depth -= 1
                    if depth == 0 { return String(text[start..<index]) }
                }
            }
            index = text.index(after: index)
        }
        return String(text[start...])
    }
}
