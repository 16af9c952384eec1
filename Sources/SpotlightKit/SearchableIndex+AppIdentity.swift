import Foundation
import SpotlightModel
import Synchronization

extension SearchableIndex {
    /// The bundle identifier of the app this process is, declared by IntentKit's `IntentApp`
    /// when it is made; nil in a process that declares none (a tool, a test, a script).
    package static let declaredApp = Mutex<String?>(nil)

    /// Per socket path, what ``bundleForOwnWrite()`` decided: "" for spotlightd's "the
    /// caller's own", else the bundle to name.
    private static let ownBundles = Mutex<[String: String]>([:])

    /// The bundle a write that names none is sent with, in a process that declared its app
    /// (``declaredApp``): nil (spotlightd attributes it to the caller) when spotlightd takes the
    /// process for a registered app, the declared bundle when spotlightd granted it to this
    /// process. Without a declared app: nil, as always.
    ///
    /// spotlightd takes a process it does not know as an app for a tool, and a tool's write
    /// that names no bundle goes into the one bundle the tool was granted: an app that was
    /// never installed would store its entities in, and delete everything of, that bundle
    /// (`spotlightd --grant org.debian.calendar` and an uninstalled CometCal). That is refused.
    ///
    /// ```swift
    /// SearchableIndex.declaredApp.withLock { $0 = "com.example.Notes" }
    /// try await index.bundleForOwnWrite()   // nil once `notes --install` registered the app
    /// ```
    /// - Throws: `.permissionDenied` saying to install the app, when spotlightd knows this
    ///   process neither as the app nor as a tool granted its bundle; nothing is written.
    func bundleForOwnWrite() async throws -> String? {
        guard let app = Self.declaredApp.withLock({ $0 }) else { return nil }
        if let decided = Self.ownBundles.withLock({ $0[socketPath] }) { return decided.isEmpty ? nil : decided }
        let hello = try await hello()
        let decided: String
        if hello.bundle != nil {
            decided = ""
        } else if hello.writableBundles.contains(app) {
            decided = app
        } else {
            let program = URL(fileURLWithPath: CommandLine.arguments.first ?? app).lastPathComponent
            let granted = hello.writableBundles.isEmpty ? "no bundle" : hello.writableBundles.sorted().joined(separator: ", ")
            throw SpotlightError(.permissionDenied, "spotlightd does not know this process as the app \(app): it is not "
                + "installed, or its manifest was refused (`spotlightctl apps` says why), and as a tool it may write only "
                + "\(granted); nothing was written. Run `\(program) --install` and try again")
        }
        Self.ownBundles.withLock { $0[socketPath] = decided }
        return decided.isEmpty ? nil : decided
    }

    /// `records` with the bundle ``bundleForOwnWrite()`` decides in place of an empty one.
    func withOwnBundle(_ records: [Record]) async throws -> [Record] {
        guard records.contains(where: { $0.bundle.isEmpty }), let bundle = try await bundleForOwnWrite() else { return records }
        return records.map { record in
            guard record.bundle.isEmpty else { return record }
            var named = record
            named.bundle = bundle
            return named
        }
    }
}
