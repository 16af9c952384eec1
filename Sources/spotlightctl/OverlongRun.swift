import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The bytes in a row that are in lines over ``LineReader/defaultMaxLine``, counted over input
/// read in chunks, for a copy of an input that ``LineReader`` will read later (`import -
/// --strict` spools standard input to a temporary file first): the copy stops where
/// ``LineReader`` would stop reading, rather than filling the disk with an endless input.
///
/// ```swift
/// var run = OverlongRun()
/// guard run.add(chunk) else { throw LineReader.notJSONLines(name: "stdin") }
/// ```
struct OverlongRun {
    let maxLine: Int
    let maxSkipped: Int
    /// Bytes of the line not yet ended.
    private var lineLength = 0
    /// Bytes of the over-long lines just before it, in a row.
    private var inARow = 0

    init(maxLine: Int = LineReader.defaultMaxLine, maxSkipped: Int = LineReader.defaultMaxSkipped) {
        self.maxLine = maxLine
        self.maxSkipped = maxSkipped
    }

    /// Counts `bytes`, the next part of the input.
    /// - Returns: false once more than `maxSkipped` bytes in a row are in lines over `maxLine`.
    mutating func add(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count,
              let newline = memchr(base + offset, Int32(UInt8(ascii: "\n")), bytes.count - offset) {
            let end = UnsafeRawPointer(newline) - base
            lineLength += end - offset
            inARow = lineLength > maxLine ? inARow + lineLength : 0
            lineLength = 0
            offset = end + 1
        }
        lineLength += bytes.count - offset
        return inARow + (lineLength > maxLine ? lineLength : 0) <= maxSkipped
    }
}
