import Testing
import XCTest

/// Records a test failure in whichever framework runs the current test: Swift Testing when
/// a `@Test` is running, else XCTest. The harness's API throws; only the calls that cannot
/// throw (the `XCUIApplication` analog's `launch()` and `terminate()`) report this way.
func recordFailure(_ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt) {
    if Test.current != nil {
        Issue.record(Comment(rawValue: message), sourceLocation: SourceLocation(
            fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
    } else {
        XCTFail(message, file: filePath, line: line)
    }
}

/// Where a non-throwing check was written, to record its failure there.
struct SourcePlace {
    var fileID: String
    var filePath: StaticString
    var line: UInt
    var column: UInt

    func record(_ message: String) {
        recordFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
