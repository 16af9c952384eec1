import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel
import Testing
@testable import IntentKitTesting

// Two environments (as two test processes have) share nothing.

@Test func twoEnvironmentsHaveSeparateDaemonsDirectoriesAndIndexes() async throws {
    let first = privateEnvironment(grants: [fixtureBundle])
    let second = privateEnvironment(grants: [fixtureBundle])
    defer { first.shutdown(); second.shutdown() }
    try await donate([item("iso1", "Isolated Ingot")], in: first)
    let inFirst = try await IntentDefinitions(bundleIdentifier: fixtureBundle, environment: first)
        .entities["ItemEntity"].spotlightQuery("Isolated Ingot")
    let inSecond = try await IntentDefinitions(bundleIdentifier: fixtureBundle, environment: second)
        .entities["ItemEntity"].spotlightQuery("Isolated Ingot")
    #expect(inFirst.count == 1)
    #expect(inSecond.isEmpty)
    #expect(first.directory != second.directory)
    #expect(first.daemon?.pid != second.daemon?.pid)
}

@Test func twoEnvironmentsRunTheirOwnAppProcesses() async throws {
    let first = privateEnvironment()
    let second = privateEnvironment()
    defer { first.shutdown(); second.shutdown() }
    try await IntentDefinitions(bundleIdentifier: fixtureBundle, environment: first).launch()
    try await IntentDefinitions(bundleIdentifier: fixtureBundle, environment: second).launch()
    let firstPid = try await first.session(for: fixtureBundle).launcher.pid
    let secondPid = try await second.session(for: fixtureBundle).launcher.pid
    #expect(firstPid != nil && secondPid != nil && firstPid != secondPid)
}

@Test func shutdownStopsTheDaemonAndTheAppAndRemovesTheDirectory() async throws {
    let environment = privateEnvironment()
    try await IntentDefinitions(bundleIdentifier: fixtureBundle, environment: environment).launch()
    let appPid = try #require(try await environment.session(for: fixtureBundle).launcher.pid)
    let daemonPid = try #require(environment.daemon?.pid)
    let directory = try #require(environment.directory)
    environment.shutdown()
    #expect(!processExists(appPid))
    #expect(!processExists(daemonPid))
    #expect(!FileManager.default.fileExists(atPath: directory.path))
}

@Test func theEnvironmentsDirectoryIsItsUsersAlone() async throws {
    let environment = privateEnvironment(grants: [fixtureBundle])
    defer { environment.shutdown() }
    try await donate([item("priv1", "Private Pewter")], in: environment)
    let directory = try #require(environment.directory)
    var status = stat()
    #expect(lstat(directory.path, &status) == 0 && status.st_mode & 0o7777 == 0o700)
    let loose = PrivateFiles.looseEntries(directory.path).map { "\($0.path) \(String($0.mode, radix: 8))" }
    #expect(loose == [])
}
