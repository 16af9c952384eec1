// swift-tools-version:6.0
import CompilerPluginSupport
import Foundation
import PackageDescription

/// The toolchain's own SwiftSyntax (`usr/lib/swift/host`), which IntentKit's macros are built
/// with: SwiftPM cannot fetch the swift-syntax package here. Found beside the `swift` on PATH.
let toolchainHost: String = {
    let fallback = "/opt/swift/usr/lib/swift/host"
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let host = URL(fileURLWithPath: String(directory)).deletingLastPathComponent()
            .appendingPathComponent("lib/swift/host").path
        if FileManager.default.fileExists(atPath: host + "/SwiftSyntaxMacros.swiftmodule") { return host }
    }
    return fallback
}()

/// Every public module of Spotlight for Linux. See ../shared/SPEC.md for the design and
/// README.md for how to build and test. The `C*` modules (`CXapian` and the rest) are not public API.
let package = Package(
    name: "Spotlight",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "SpotlightModel", targets: ["SpotlightModel"]),
        .library(name: "SpotlightCore", targets: ["SpotlightCore"]),
        .library(name: "SpotlightWire", targets: ["SpotlightWire"]),
        .library(name: "SpotlightProtocol", targets: ["SpotlightProtocol"]),
        .library(name: "SpotlightSupervision", targets: ["SpotlightSupervision"]),
        .library(name: "SpotlightKit", targets: ["SpotlightKit"]),
        .library(name: "IntentKit", targets: ["IntentKit"]),
        .library(name: "IntentKitTesting", targets: ["IntentKitTesting"]),
        .executable(name: "spotlightd", targets: ["spotlightd"]),
        .executable(name: "spotlightctl", targets: ["spotlightctl"]),
        .executable(name: "cometcal", targets: ["cometcal"]),
        .executable(name: "spotlight-search-provider", targets: ["spotlight-search-provider"]),
        .executable(name: "taskdeck", targets: ["taskdeck"]),
    ],
    targets: [
        // C libraries from Debian, found with pkg-config.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CXapianSystem", path: "Sources/CXapianSystem", pkgConfig: "xapian-core",
                       providers: [.apt(["libxapian-dev"])]),
        // ICU, for Unicode case folding and normalization in CXapian (cxapian_text.cpp).
        .systemLibrary(name: "CICUSystem", path: "Sources/CICUSystem", pkgConfig: "icu-uc",
                       providers: [.apt(["libicu-dev"])]),
        // sd-bus, for the desktop search provider's D-Bus service (a module map only).
        .systemLibrary(name: "CSystemdBus", path: "Sources/CSystemdBus", pkgConfig: "libsystemd",
                       providers: [.apt(["libsystemd-dev"])]),
        // zlib, for the record store's compressed record JSON (StoredRecordCodec; a module map only).
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
                       providers: [.apt(["zlib1g-dev"])]),
        // Zstandard, for the record store's compressed record JSON since store schema 6 (StoredRecordCodec; a module map only).
        .systemLibrary(name: "CZstd", path: "Sources/CZstd", pkgConfig: "libzstd",
                       providers: [.apt(["libzstd-dev"])]),
        // Linux process calls glibc declares outside the Glibc module (pidfd_open; a module map only).
        .systemLibrary(name: "CProcess", path: "Sources/CProcess"),
        // The only code that touches C++ and Xapian: a plain C API that catches every exception.
        .target(name: "CXapian", dependencies: ["CXapianSystem", "CICUSystem"]),

        // The record model every process shares; no C dependency.
        .target(name: "SpotlightModel"),
        // The embedded engine: record store (SQLite, records zlib-compressed) and search index (Xapian).
        .target(name: "SpotlightCore", dependencies: ["SpotlightModel", "CXapian", "CSQLite", "CZlib", "CZstd"]),
        // The wire: framing, JSON-RPC, Unix-socket transport, peer credentials. Bytes only.
        .target(name: "SpotlightWire", dependencies: ["SpotlightModel"]),
        // The messages of both protocols carried over the wire: the daemon's and app services'.
        .target(name: "SpotlightProtocol", dependencies: ["SpotlightModel", "SpotlightWire"]),
        // Child processes waited on without polling, app launching, and the on-disk app registry.
        .target(name: "SpotlightSupervision", dependencies: ["SpotlightModel", "SpotlightWire", "CProcess"]),
        // What an app links to donate to and query spotlightd.
        .target(name: "SpotlightKit", dependencies: ["SpotlightModel", "SpotlightWire", "SpotlightProtocol"]),
        // App Intents on Linux and the app service runtime.
        .target(name: "IntentKit", dependencies: ["SpotlightModel", "SpotlightWire", "SpotlightProtocol",
                                                  "SpotlightSupervision", "SpotlightKit", "IntentKitMacros"]),
        // The compiler plugin of IntentKit's schema macros, on the toolchain's SwiftSyntax.
        .macro(name: "IntentKitMacros",
               swiftSettings: [.unsafeFlags(["-I", toolchainHost])],
               linkerSettings: [.unsafeFlags(["-L", toolchainHost, "-Xlinker", "-rpath", "-Xlinker", toolchainHost]
                                             + ["SwiftSyntax", "SwiftSyntaxMacros", "SwiftSyntaxBuilder", "SwiftDiagnostics",
                                                "SwiftParser", "SwiftBasicFormat", "SwiftOperators", "SwiftParserDiagnostics",
                                                "SwiftSyntaxMacroExpansion", "SwiftCompilerPluginMessageHandling"]
                                                .map { "-l" + $0 })]),
        // AppIntentsTesting on Linux: out-of-process tests of an app's intents and donations.
        .target(name: "IntentKitTesting", dependencies: ["SpotlightModel", "SpotlightWire", "SpotlightProtocol",
                                                         "SpotlightSupervision", "SpotlightKit"]),

        .executableTarget(name: "spotlightd", dependencies: ["SpotlightCore", "SpotlightWire", "SpotlightProtocol",
                                                             "SpotlightSupervision", "SpotlightModel"]),
        .executableTarget(name: "spotlightctl", dependencies: ["SpotlightKit", "SpotlightProtocol", "SpotlightWire",
                                                               "SpotlightSupervision", "SpotlightModel"]),
        .executableTarget(name: "cometcal", dependencies: ["IntentKit", "SpotlightKit", "CSQLite"]),
        // GNOME Shell's and KRunner's search over D-Bus, answered from spotlightd.
        .executableTarget(name: "spotlight-search-provider",
                          dependencies: ["SpotlightKit", "SpotlightWire", "SpotlightProtocol", "SpotlightSupervision",
                                         "SpotlightModel", "CSystemdBus"]),
        // The second sample app: a task app ported as docs/porting.md says (projects, moves, Spotlight).
        .executableTarget(name: "taskdeck", dependencies: ["IntentKit", "SpotlightKit"]),
        // The "ours" engine of tools/bench: embedded engine and daemon figures.
        .executableTarget(name: "spotlight-bench", dependencies: ["SpotlightCore", "SpotlightKit", "SpotlightModel"],
                          path: "tools/SpotlightBench"),
        // A small app service used by IntentKit's and IntentKitTesting's own tests.
        .executableTarget(name: "intentkit-fixture", dependencies: ["IntentKit", "SpotlightKit"],
                          path: "Tests/Fixtures/FixtureApp"),

        // Helpers shared by the tests that run real processes.
        .target(name: "SpotlightTestSupport", dependencies: ["SpotlightSupervision", "SpotlightModel", "SpotlightWire"],
                path: "Tests/Support"),

        .testTarget(name: "SpotlightModelTests", dependencies: ["SpotlightModel", "SpotlightTestSupport"]),
        .testTarget(name: "SpotlightCoreTests", dependencies: ["SpotlightCore", "SpotlightModel", "SpotlightSupervision"]),
        .testTarget(name: "SpotlightWireTests", dependencies: ["SpotlightWire", "SpotlightModel", "SpotlightTestSupport"]),
        .testTarget(name: "SpotlightSupervisionTests", dependencies: ["SpotlightSupervision", "SpotlightModel", "SpotlightTestSupport"]),
        .testTarget(name: "SpotlightDaemonTests",
                    dependencies: ["SpotlightKit", "SpotlightWire", "SpotlightProtocol", "SpotlightSupervision",
                                   "SpotlightModel", "SpotlightTestSupport", "spotlightd"]),
        .testTarget(name: "IntentKitTests",
                    dependencies: ["IntentKit", "SpotlightWire", "SpotlightProtocol", "SpotlightSupervision", "SpotlightKit",
                                   "SpotlightTestSupport", "intentkit-fixture", "spotlightd"]),
        .testTarget(name: "IntentKitTestingTests",
                    dependencies: ["IntentKitTesting", "SpotlightProtocol", "SpotlightTestSupport", "intentkit-fixture",
                                   "spotlightd"]),
        .testTarget(name: "CometCalTests",
                    dependencies: ["IntentKitTesting", "SpotlightTestSupport", "cometcal", "spotlightd"]),
        .testTarget(name: "TaskDeckTests",
                    dependencies: ["IntentKitTesting", "SpotlightTestSupport", "taskdeck", "spotlightd"]),
        .testTarget(name: "SpotlightCtlTests",
                    dependencies: ["SpotlightKit", "SpotlightModel", "SpotlightProtocol", "SpotlightTestSupport", "spotlightctl",
                                   "spotlightd"]),
        .testTarget(name: "DesktopTests",
                    dependencies: ["SpotlightKit", "SpotlightWire", "SpotlightProtocol", "SpotlightModel",
                                   "SpotlightTestSupport", "spotlight-search-provider", "spotlightctl", "spotlightd", "cometcal"]),
    ],
    cxxLanguageStandard: .cxx17
)

// The same compiler settings for every Swift target, set in one place.
for target in package.targets where target.type != .system && target.name != "CXapian" {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
