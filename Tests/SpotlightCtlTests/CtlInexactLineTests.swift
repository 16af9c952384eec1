import Testing
@testable import spotlightctl

/// `query` printed "inexact: index: N acknowledged changes not yet indexed (the index cannot
/// take them now; status says why) (docs/protocol.md says why)": a line that says why itself
/// got the pointer to the reason as well. A lagging index is too brief to catch from outside.
@Suite struct CtlInexactLineTests {
    @Test(arguments: [
        "index: 2 acknowledged changes not yet indexed (the index cannot take them now; status says why)",
        "maxIndexWait: 2 acknowledged changes not yet indexed",
    ])
    func aFeatureGivenWithItsReasonGetsNoPointerToTheDocs(_ feature: String) {
        #expect(ShardOutput.inexactLine([feature]) == "inexact: \(feature)")
    }

    @Test func bareFeatureNamesStillPointToTheDocsBeforeAFeatureWithItsReason() {
        #expect(ShardOutput.inexactLine(["facets", "maxIndexWait: 2 acknowledged changes not yet indexed"])
                == "inexact: facets (docs/protocol.md says why); maxIndexWait: 2 acknowledged changes not yet indexed")
    }
}
