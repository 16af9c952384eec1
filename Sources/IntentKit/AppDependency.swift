import Foundation
import Synchronization
import SpotlightModel

/// Where an app registers the objects its intents use (App Intents' `AppDependencyManager`):
/// register once, before `IntentApp(...).main()`, and an intent's `@Dependency` property gets it.
///
/// ```swift
/// AppDependencyManager.shared.add(dependency: TrailDataManager.shared)
/// AppDependencyManager.shared.add { await ModelStore.open() }            // made when first needed
/// AppDependencyManager.shared.add { try await Database.open() }          // a maker may throw
/// await IntentApp(bundleIdentifier: "com.example.Trails", intents: [...]).main()
/// ```
public final class AppDependencyManager: Sendable {
    public static let shared = AppDependencyManager()

    /// A registered dependency: how to make it, and the value once made.
    private struct Entry: Sendable {
        var make: @Sendable () async throws -> any Sendable
        var value: (any Sendable)?
    }

    /// By type and key (`ObjectIdentifier` of the type, the key's description or "").
    private let entries = Mutex<[DependencyKey: Entry]>([:])

    public init() {}

    /// Registers `dependency` for its type (and `key`, if given); evaluated when first needed.
    public func add<Dependency: Sendable>(key: AnyHashable? = nil, dependency: @autoclosure @escaping @Sendable () -> Dependency) {
        register(DependencyKey(Dependency.self, key)) { dependency() }
    }

    /// Registers a dependency made asynchronously, when an intent first needs it. A maker that
    /// throws fails that run (naming the dependency and the error) and is tried again by the next.
    public func add<Dependency: Sendable>(key: AnyHashable? = nil, dependency: @escaping @Sendable () async throws -> Dependency) {
        register(DependencyKey(Dependency.self, key)) { try await dependency() }
    }

    private func register(_ key: DependencyKey, _ make: @escaping @Sendable () async throws -> any Sendable) {
        entries.withLock { $0[key] = Entry(make: make, value: nil) }
    }

    /// Registers `make` under `key` unless something is registered there already (a `@Dependency`'s default).
    func registerIfAbsent(_ key: DependencyKey, _ make: @escaping @Sendable () async throws -> any Sendable) {
        entries.withLock { entries in
            if entries[key] == nil { entries[key] = Entry(make: make, value: nil) }
        }
    }

    /// Makes the dependency if it was not made yet; false when none is registered.
    /// - Throws: ``DependencyMakerError`` when its maker throws.
    func resolve(_ key: DependencyKey) async throws -> Bool {
        guard let entry = entries.withLock({ $0[key] }) else { return false }
        guard entry.value == nil else { return true }
        let value: any Sendable
        do {
            value = try await entry.make()
        } catch {
            throw DependencyMakerError(key: key, underlying: error)
        }
        entries.withLock { entries in
            if entries[key]?.value == nil { entries[key]?.value = value }
        }
        return true
    }

    /// The dependency, made already (``resolve(_:)``); nil when it was not.
    func value(for key: DependencyKey) -> (any Sendable)? {
        entries.withLock { $0[key]?.value }
    }
}

/// A dependency's identity: its type and optional key. A key is any `Hashable` value, as Apple's
/// `AnyHashable?` (`"archive"`, or a case of an enum of the app's keys).
struct DependencyKey: Hashable, @unchecked Sendable, CustomStringConvertible {
    // @unchecked: `AnyHashable` is not `Sendable`; a key is a value the app registers and looks up
    // by, never changed afterwards (Apple's API takes `AnyHashable?` the same way).
    let type: ObjectIdentifier
    let typeName: String
    let key: AnyHashable?

    init(_ type: Any.Type, _ key: AnyHashable?) {
        self.type = ObjectIdentifier(type)
        self.typeName = String(describing: type)
        self.key = key
    }

    var description: String { key.map { "\(typeName) (key \(String(reflecting: $0.base)))" } ?? typeName }
}

/// A dependency's maker threw: the runtime fails the run with the maker's error.
struct DependencyMakerError: Error {
    let key: DependencyKey
    let underlying: any Error
}

/// An object an intent uses, registered with ``AppDependencyManager`` (App Intents'
/// `@Dependency`). The runtime makes every dependency of an intent before `perform()`, and
/// fails the run naming one that was never registered.
///
/// ```swift
/// struct StartTrailIntent: AppIntent {
///     @Dependency private var trails: TrailDataManager
///     func perform() async throws -> some IntentResult { trails.start(); return .result() }
/// }
/// ```
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
    let key: DependencyKey
    /// Where the dependency is registered: `.shared`, or a manager of the app's own (a test's).
    let manager: AppDependencyManager
    /// What to use when nothing is registered (`@Dependency(default: ...)`); nil: the run fails.
    let fallback: (@Sendable () async throws -> Value)?

    /// The dependency registered for `Value` (and `key`) with `manager`.
    public init(key: AnyHashable? = nil, manager: AppDependencyManager = .shared) {
        self.key = DependencyKey(Value.self, key)
        self.manager = manager
        self.fallback = nil
    }

    /// The registered dependency, else `value` (made when first needed, then kept in `manager`):
    /// `@Dependency(default: Thermostat(setting: 20)) var thermostat: Thermostat`.
    public init(key: AnyHashable? = nil, manager: AppDependencyManager = .shared,
                default value: @autoclosure @escaping @Sendable () -> Value) {
        self.key = DependencyKey(Value.self, key)
        self.manager = manager
        self.fallback = { value() }
    }

    /// The registered dependency, else what `maker` makes when first needed (then kept in `manager`).
    public init(key: AnyHashable? = nil, manager: AppDependencyManager = .shared,
                default maker: @escaping @Sendable () async throws -> Value) {
        self.key = DependencyKey(Value.self, key)
        self.manager = manager
        self.fallback = maker
    }

    /// The registered object. Read outside a run (the runtime makes dependencies before
    /// `perform()`), one registered with an async maker that was not made yet stops the
    /// process, as App Intents' does: register it, or read it from `perform()`.
    public var wrappedValue: Value {
        if let value = manager.value(for: key) as? Value { return value }
        fatalError("@Dependency \(key) was read before it was made: register it with "
            + "AppDependencyManager.shared.add(dependency:) before IntentApp(...).main(), and read it in perform()")
    }
}

/// What the runtime sees of an intent's or a query's `@Dependency`s.
protocol DependencySlot: Sendable {
    /// Makes the dependency; `notFound` naming it when none is registered.
    func resolve() async throws
}

extension Dependency: DependencySlot {
    func resolve() async throws {
        if let fallback { manager.registerIfAbsent(key) { try await fallback() } }
        guard try await manager.resolve(key) else {
            let registry = manager === AppDependencyManager.shared ? "AppDependencyManager.shared"
                : "the AppDependencyManager given as @Dependency(manager:)"
            throw SpotlightError(.notFound, "no dependency \(key) is registered; call "
                + "\(registry).add(dependency:) with one before IntentApp(...).main()")
        }
    }
}

enum DependencyResolution {
    /// Makes every `@Dependency` of `owner` (an intent, an entity query), so that reading one
    /// in `perform()` or a query finds it made.
    /// - Throws: `SpotlightError`: `notFound` naming the owner and the dependency never registered;
    ///   the app's failure (`intentFailed`, with the error's report) when a dependency's maker threw.
    static func resolve(in owner: Any, ownerName: String) async throws {
        for (name, dependency) in EntityReflection.wrappers(of: owner, as: (any DependencySlot).self) {
            do {
                try await dependency.resolve()
            } catch let error as SpotlightError {
                throw SpotlightError(error.code, "\(ownerName)'s @Dependency '\(name)': \(error.message)")
            } catch let error as DependencyMakerError {
                let thrower = "\(ownerName)'s @Dependency '\(name)'"
                throw IntentInvocation.failure(error.underlying, thrownBy: thrower, message: "\(thrower): making "
                    + "\(error.key) threw: \(IntentInvocation.describe(error.underlying)); it is made again at the next run")
            }
        }
    }
}
