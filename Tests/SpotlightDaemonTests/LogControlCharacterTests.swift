import Foundation
import Testing
import SpotlightKit
import SpotlightModel

/// spotlightd's log quotes what clients send (a bundle they were refused). Newlines were made
/// spaces, but an escape sequence, a carriage return or a NUL went into the log as sent: a
/// client could recolour, overwrite or hide lines of the log a user reads in a terminal.
@Suite struct LogControlCharacterTests {
    @Test func aBundleAClientNamedIsLoggedWithItsControlCharactersWrittenOut() async throws {
        let daemon = try DaemonProcess()
        let bundle = "org.evil\u{1B}[31m\rFORGED\u{0}"
        await #expect(throws: SpotlightError.self) {
            try await daemon.index().indexRecords([note("n1", "heron", bundle: bundle)])
        }
        #expect(daemon.logged(#"tried to donate records of org.evil\x1B[31m\x0DFORGED\x00"#), "\(daemon.log())")
        #expect(!daemon.log().unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\r" || $0 == "\u{0}" })
    }
}
