import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightWire

/// The lines of an open file, read 1 MiB at a time so that memory stays bounded however large
/// the file is: each line without its `\n`, numbered from 1, a UTF-8 byte order mark at the
/// start left out. A line longer than `maxLine` bytes is skipped unread and reported as
/// ``Content/tooLong(_:)``. What is available is handed on at once, so a pipe is read as it is
/// written.
///
/// ```swift
/// let reader = LineReader(descriptor: fd, name: "records.jsonl")
/// while let line = try reader.next() { print(line.number, line.content) }
/// ```
final class LineReader {
    enum Content: Equatable {
        case bytes(Data)
        /// A line of this many bytes (at least), over the limit.
        case tooLong(Int)
    }

    struct Line {
        var number: Int
        var content: Content
    }

    static let chunkSize = 1 << 20
    let descriptor: Int32
    /// The file's name in errors.
    let name: String
    let maxLine: Int
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts.
    private var start = 0
    /// Bytes of `buffer` before this index have been searched for a newline.
    private var scanned = 0
    private var number = 0
    private var atEnd = false
    private var startChecked = false

    init(descriptor: Int32, name: String, maxLine: Int = 16 << 20) {
        self.descriptor = descriptor
        self.name = name
        self.maxLine = maxLine
    }

    /// The next line; nil at the end of the file.
    /// - Throws: `CLIError(.failure)` when the file cannot be read.
    func next() throws -> Line? {
        while true {
            if let newline = newline(from: scanned) {
                defer { start = newline + 1; scanned = start }
                return numbered(.bytes(Data(buffer[start..<newline])))
            }
            scanned = buffer.count
            if buffer.count - start > maxLine { return numbered(.tooLong(try skipRestOfLine())) }
            if atEnd {
                guard start < buffer.count else { return nil }
                defer { start = buffer.count; scanned = start }
                return numbered(.bytes(Data(buffer[start...])))
            }
            try fill()
        }
    }

    /// The index of the first `\n` in `buffer` at or after `index` (memchr: this is the hot loop).
    private func newline(from index: Int) -> Int? {
        guard index < buffer.count else { return nil }
        return buffer.withUnsafeBytes { bytes in
            memchr(bytes.baseAddress! + index, Int32(UInt8(ascii: "\n")), bytes.count - index)
                .map { $0 - UnsafeMutableRawPointer(mutating: bytes.baseAddress!) }
        }
    }

    private func numbered(_ content: Content) -> Line {
        number += 1
        return Line(number: number, content: content)
    }

    /// Drops the buffered part of an overlong line and reads on past its end; its length.
    private func skipRestOfLine() throws -> Int {
        var length = buffer.count - start
        (buffer, start, scanned) = ([], 0, 0)
        while !atEnd {
            try fill()
            if let newline = newline(from: 0) {
                (start, scanned) = (newline + 1, newline + 1)
                return length + newline
            }
            length += buffer.count
            (buffer, start, scanned) = ([], 0, 0)
        }
        return length
    }

    /// Drops the lines handed out, then appends what one read(2) returns; sets `atEnd` at
    /// the end of the file.
    private func fill() throws {
        if start > 0 {
            buffer.removeSubrange(..<start)
            (scanned, start) = (scanned - start, 0)
        }
        let end = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: Self.chunkSize))
        let count: Int
        do {
            count = try buffer.withUnsafeMutableBytes { bytes in
                try systemCall("read") { read(descriptor, bytes.baseAddress! + end, Self.chunkSize) }
            }
        } catch {
            buffer.removeSubrange(end...)
            throw CLIError(.failure, "cannot read \(name): \((error as? SystemCallError)?.reason ?? "\(error)")")
        }
        buffer.removeSubrange((end + count)...)
        if count == 0 { atEnd = true }
        if !startChecked && (buffer.count >= 3 || atEnd) {
            startChecked = true
            if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { (start, scanned) = (3, max(scanned, 3)) }
        }
    }
}
