import Foundation
import Testing

// spotlight-search-provider's command line, run as a desktop session or a packager would.

/// `--limit 20000` was taken, and then spotlightd refused every search (its limit is 10000):
/// the desktop showed nothing, and only `--verbose` said why.
@Test func aLimitOverWhatSpotlightdAnswersIsAUsageError() throws {
    let run = try runProgram(productsDirectory.appendingPathComponent("spotlight-search-provider").path,
                             ["--limit", "20000"], environment: ProcessInfo.processInfo.environment)
    #expect(run.status == 2, "\(run)")
    #expect(run.stderr.contains("--limit needs a whole number from 1 to 10000, got 20000"), "\(run)")
}
