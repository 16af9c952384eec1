import Foundation
import Testing

// A front spotlightd whose shard does not answer: the desktop still shows what came, and the
// log says results from that shard are missing (neither desktop's API can mark an answer partial).

@Test(arguments: DesktopSearch.allCases)
func aSearchThroughAFrontWithAShardDownSaysSoInTheLog(_ search: DesktopSearch) async throws {
    // Nothing listens on port 1 of the loopback: the shard is down from the start.
    let fixture = try await DesktopFixture(daemonArguments: ["--shard", "shard1 tcp://127.0.0.1:1 org.example.elsewhere"])
    let run = try search.run(fixture)
    #expect(!run.timedOut && run.status == 0, "\(run)")
    #expect(await waitUntil { fixture.bus.log.contains("searched without its shards shard1") }, "the bus log: \(fixture.bus.log)")
}

@Test func aSearchOfADaemonWithoutShardsSaysNothingOfShards() async throws {
    let fixture = try await DesktopFixture()
    let key = try await fixture.donateSupernovaEvent()
    let run = try DesktopSearch.gnomeShell.run(fixture)
    #expect(run.status == 0 && run.stdout.contains(DesktopFixture.resultID(key)), "\(run)")
    try await Task.sleep(for: .milliseconds(300))
    #expect(!fixture.bus.log.contains("searched without its shards"), "the bus log: \(fixture.bus.log)")
}
