import Foundation
import SpotlightModel
import SpotlightProtocol
import SpotlightSupervision
import Synchronization

/// The intents, entities and enums of one app, reached from a test process by bundle
/// identifier (the AppIntentsTesting `IntentDefinitions`).
///
/// Creating it does nothing; the first `run()` or query finds the app (see
/// ``register(bundleIdentifier:executable:arguments:)`` for how), starts this test process's
/// own spotlightd in a temporary directory, and launches the app against it. Failures of
/// any of that are thrown there.
///
/// ```swift
/// let definitions = IntentDefinitions(bundleIdentifier: "com.example.apple-samplecode.CometCal")
/// let result = try await definitions.intents["CreateCalendarIntent"]
///     .makeIntent(name: "Occupy Saturn", color: "red").run()
/// XCTAssertEqual(try result.value.title, "Occupy Saturn")
/// ```
public final class IntentDefinitions: Sendable {
    public let bundleIdentifier: String
    let environment: TestEnvironment

    /// The app with this bundle identifier, in this test process's environment.
    public convenience init(bundleIdentifier: String) {
        self.init(bundleIdentifier: bundleIdentifier, environment: .shared)
    }

    /// The app in another environment (tests of the harness use two to check isolation).
    package init(bundleIdentifier: String, environment: TestEnvironment) {
        self.bundleIdentifier = bundleIdentifier
        self.environment = environment
    }

    /// `intents["CreateEventIntent"]`: an intent by its type name.
    public var intents: DefinitionLookup<IntentDefinition> {
        DefinitionLookup { IntentDefinition(name: $0, definitions: self) }
    }

    /// `entities["EventEntity"]`: an entity type by its type name.
    public var entities: DefinitionLookup<EntityDefinition> {
        DefinitionLookup { EntityDefinition(name: $0, definitions: self) }
    }

    /// `enums["CalendarColor"]`: an `AppEnum` by its type name.
    public var enums: DefinitionLookup<EnumDefinition> {
        DefinitionLookup { EnumDefinition(name: $0, definitions: self) }
    }

    /// The app's schema (`describe`, test-only intents included), as the app describes itself
    /// now. Launches the app.
    ///
    /// ```swift
    /// let schema = try await definitions.schema()
    /// let task = try #require(schema.entities.first { $0.name == "TaskEntity" })
    /// ```
    ///
    /// Property titles and `propertyQuery` come from an entity the app has (docs/app-service.md),
    /// so a schema read after the app made its first entity has them.
    public func schema() async throws -> AppSchema {
        try await session().freshSchema()
    }

    /// The app's App Shortcuts (its `AppShortcutsProvider`), phrases resolved: the app's name
    /// in place of `\(.applicationName)`, each parameter as `${name}`. Launches the app.
    ///
    /// ```swift
    /// let shortcuts = try await definitions.appShortcuts()
    /// #expect(shortcuts.contains { $0.phrases.contains("Add a task in TaskDeck") })
    /// ```
    public func appShortcuts() async throws -> [ShortcutSchema] {
        try await session().schema().shortcuts ?? []
    }

    /// Launches the app now (it is otherwise launched by the first call that needs it).
    /// - Throws: `SpotlightError` if it cannot be started; `CancellationError` at once when the calling task is cancelled.
    public func launch() async throws {
        let session = try await session()
        let launcher = session.launcher
        do {
            try await untilCancelled { try await launcher.start() }
        } catch let error as SpotlightError {
            throw session.explain(error, doing: "launching \(bundleIdentifier)", who: bundleIdentifier)
        }
    }

    /// Stops the app; the next call launches it again (its data is the app's business).
    public func terminate() async {
        guard let session = try? await session() else { return }
        await session.launcher.terminate()
    }

    /// Names the executable of an app for the tests of this process, before any other way
    /// of finding it.
    ///
    /// The app is otherwise found by `INTENTKIT_TEST_APP_<BUNDLE>` (the bundle identifier
    /// upper-cased, other characters than letters and digits as `_`) naming its executable,
    /// then among the built products beside the test bundle (an executable linking IntentKit
    /// whose `--describe` reports the bundle identifier), then in the user's app registry.
    ///
    /// ```swift
    /// IntentDefinitions.register(bundleIdentifier: "com.example.Todo", executable: "/path/to/todo")
    /// ```
    public static func register(bundleIdentifier: String, executable: String, arguments: [String] = ["--serve"]) {
        let path = URL(fileURLWithPath: executable).standardizedFileURL.path
        AppLocator.registrations.withLock {
            $0[bundleIdentifier] = AppManifest(bundleIdentifier: bundleIdentifier, executable: path, arguments: arguments)
        }
    }

    func session() async throws -> AppSession {
        try await environment.session(for: bundleIdentifier)
    }
}

extension IntentDefinitions {
    /// Apple's name for the type of `intents`, `entities` and `enums`:
    /// `let entities: IntentDefinitions.DefinitionCollection<AppEntityDefinition> = definitions.entities`.
    public typealias DefinitionCollection<Definition: Sendable> = DefinitionLookup<Definition>
}

/// `definitions.intents["Name"]`: makes a definition for any name; an unknown name is an
/// error when the definition is first used, listing the names that exist.
public struct DefinitionLookup<Definition: Sendable>: Sendable {
    let make: @Sendable (String) -> Definition
    public subscript(name: String) -> Definition { make(name) }
}
