import Foundation
import Testing

// `spotlight-search-provider --interactive`, what the "Spotlight for Linux" app entry runs in a
// terminal: the same search and open at a prompt.

@Test func interactiveSearchListsResultsAndOpensTheOneChosen() async throws {
    let fixture = try await DesktopFixture()
    let key = try await fixture.donateSupernovaEvent()
    let run = try runProgram(productsDirectory.appendingPathComponent("spotlight-search-provider").path, ["--interactive"],
                             environment: fixture.environment, input: "supernova\n1\n\n")
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("   1  Supernova Viewing Party — CometCal · Deep Space"), "\(run)")
    #expect(run.stdout.contains("opened in CometCal"), "\(run)")
    #expect(await fixture.waitForCometCalShowing(key, title: "Supernova Viewing Party"))
}
