import Foundation
import Testing
@testable import spotlightctl

/// `Terminal.outputError` read the cause of a failed write with `as? NSError`, which on Linux
/// finds neither a POSIX error that is itself the error nor a Swift `POSIXError` kept as the
/// underlying error: both were reported as "Input/output error", hiding a full disk or a
/// closed pipe. Foundation's errors of this shape are too rare to provoke from outside.
@Suite struct CtlOutputErrorCauseTests {
    @Test func aPOSIXErrorThatIsItselfTheErrorIsReportedByItsErrno() {
        let error = Terminal.outputError(POSIXError(.EPIPE) as any Error)
        #expect(error.message == "cannot write the output: Broken pipe (errno \(EPIPE))")
    }

    @Test func aPOSIXErrorKeptAsTheUnderlyingErrorIsReportedByItsErrno() {
        let error = Terminal.outputError(CocoaError(.fileWriteUnknown, userInfo: [NSUnderlyingErrorKey: POSIXError(.ENOSPC)]))
        #expect(error.message == "cannot write the output: No space left on device (errno \(ENOSPC))")
    }
}
