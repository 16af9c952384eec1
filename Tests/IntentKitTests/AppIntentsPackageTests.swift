import IntentKit
import Testing

// App Intents packages declared as Apple's documentation writes them.

struct TrailKitPackage: AppIntentsPackage {}

struct TrailsAppPackage: AppIntentsPackage {
    static var includedPackages: [any AppIntentsPackage.Type] { [TrailKitPackage.self] }
}

@Test func anAppIntentsPackageListsThePackagesItIncludes() {
    #expect(TrailKitPackage.includedPackages.isEmpty)
    #expect(TrailsAppPackage.includedPackages.map { String(describing: $0) } == ["TrailKitPackage"])
}
