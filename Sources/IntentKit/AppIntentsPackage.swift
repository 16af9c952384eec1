/// App Intents' marker for intents that live in a framework or Swift package rather than in the
/// app. Declarations compile as Apple writes them; here the app's `main.swift` lists every intent,
/// entity and enum type itself (wherever they are declared), so a package adds nothing to find:
/// list the package's types in `IntentApp(...)` as the app's own.
///
/// ```swift
/// struct TrailKitPackage: AppIntentsPackage {}
/// struct TrailsAppPackage: AppIntentsPackage {
///     static var includedPackages: [any AppIntentsPackage.Type] { [TrailKitPackage.self] }
/// }
/// ```
public protocol AppIntentsPackage {
    /// The packages whose intents this one includes. Default: none.
    static var includedPackages: [any AppIntentsPackage.Type] { get }
}

extension AppIntentsPackage {
    public static var includedPackages: [any AppIntentsPackage.Type] { [] }
}
