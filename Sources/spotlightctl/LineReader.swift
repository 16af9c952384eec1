import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightWire

/// The lines of an open file, read 1 MiB at a time so that memory stays bounded however large
/// the file is: each line without its `\n`, numbered from 1, a UTF-8 byte order mark at the
/// start left out. A line longer than `maxLine` bytes is reported as ``Content/tooLong(_:)`` as
/// soon as it passes the limit, then skipped unread; once `maxSkipped` bytes in a row were in
/// such lines (an endless input without newlines, `- < /dev/zero`), reading stops with an error
/// rather than skipping forever. What is available is handed on at once, so a pipe is read as
/// it is written.
///
/// ```swift
/// let reader = LineReader(descriptor: fd, name: "records.jsonl")
/// while let line = try reader.next() { print(line.number, line.content) }
/// ```
final class LineReader {
    enum Content: Equatable {
        case bytes(Data)
        /// A line over the limit, reported once it has this many bytes (all of them when its
        /// newline was read with them); the rest is skipped.
        case tooLong(Int)
    }

    struct Line {
        var number: Int
        var content: Content
    }

    static let chunkSize = 1 << 20
    /// The longest line, 16 MiB: a record is at most 1 MiB, its JSON a few times that.
    static let defaultMaxLine = 16 << 20
    /// The most bytes of over-long lines in a row that are skipped, 256 MiB.
    static let defaultMaxSkipped = 256 << 20
    let descriptor: Int32
    /// The file's name in errors.
    let name: String
    let maxLine: Int
    /// The most bytes of over-long lines in a row that are skipped before reading stops.
    let maxSkipped: Int
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts.
    private var start = 0
    /// Bytes of `buffer` before this index have been searched for a newline.
    private var scanned = 0
    private var number = 0
    private var atEnd = false
    private var startChecked = false
    /// Whether the line reported last was over the limit, and its rest is still to be skipped.
    private var skipping = false
    /// Bytes of over-long lines since the last line within the limit.
    private var skippedInARow = 0

    init(descriptor: Int32, name: String, maxLine: Int = defaultMaxLine, maxSkipped: Int = defaultMaxSkipped) {
        self.descriptor = descriptor
        self.name = name
        self.maxLine = maxLine
        self.maxSkipped = maxSkipped
    }

    /// The next line; nil at the end of the file.
    /// - Throws: `CLIError(.failure)` when the file cannot be read, or when over
    ///   `maxSkipped` bytes in a row were in lines over the limit.
    func next() throws -> Line? {
        if skipping { try skipRestOfLine() }
        while true {
            if let newline = newline(from: scanned) {
                // A line whose newline came in the read that took it past the limit is too
                // long all the same, not bytes for the parser to call invalid JSON.
                let length = newline - start
                defer { start = newline + 1; scanned = start; skippedInARow = length > maxLine ? skippedInARow + length : 0 }
                return numbered(length > maxLine ? .tooLong(length) : .bytes(Data(buffer[start..<newline])))
            }
            scanned = buffer.count
            if buffer.count - start > maxLine {
                let length = buffer.count - start
                skippedInARow += length
                (buffer, start, scanned, skipping) = ([], 0, 0, true)
                return numbered(.tooLong(length))
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                defer { start = buffer.count; scanned = start; skippedInARow = 0 }
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

    /// The error of an input that is not JSON lines: over `maxSkipped` bytes in a row are in
    /// lines over `maxLine` (an endless input without newlines, `- < /dev/zero`).
    static func notJSONLines(name: String, maxLine: Int = defaultMaxLine, maxSkipped: Int = defaultMaxSkipped,
                             note: String = "") -> CLIError {
        CLIError(.failure, "stopped reading \(name): over \(maxSkipped >> 20) MiB in a row are lines over "
            + "\(maxLine >> 20) MiB, so it is not JSON lines\(note); give the file `export` wrote")
    }

    /// Reads on past the end of the over-long line reported last, its start already dropped;
    /// what is skipped is read into a scratch chunk, never into the buffer.
    /// - Throws: `CLIError(.failure)` once over `maxSkipped` bytes in a row were skipped.
    private func skipRestOfLine() throws {
        var scratch: [UInt8] = []
        while true {
            if let newline = newline(from: 0) {
                skippedInARow += newline
                (start, scanned, skipping) = (newline + 1, newline + 1, false)
            } else {
                skippedInARow += buffer.count
                (buffer, start, scanned) = ([], 0, 0)
            }
            if skippedInARow > maxSkipped { throw Self.notJSONLines(name: name, maxLine: maxLine, maxSkipped: maxSkipped) }
            if !skipping || atEnd { skipping = false; return }
            if scratch.isEmpty { scratch = [UInt8](repeating: 0, count: Self.chunkSize) }
            let count = try scratch.withUnsafeMutableBytes { try read(into: $0.baseAddress!) }
            if count == 0 { atEnd = true }
            buffer = Array(scratch[..<count])
        }
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
            count = try buffer.withUnsafeMutableBytes { try read(into: $0.baseAddress! + end) }
        } catch {
            buffer.removeSubrange(end...)
            throw error
        }
        buffer.removeSubrange((end + count)...)
        if count == 0 { atEnd = true }
        if !startChecked && (buffer.count >= 3 || atEnd) {
            startChecked = true
            if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { (start, scanned) = (3, max(scanned, 3)) }
        }
    }

    /// One read(2) of at most ``chunkSize`` bytes into `bytes`; how many it read.
    /// - Throws: `CLIError(.failure)` naming the file.
    private func read(into bytes: UnsafeMutableRawPointer) throws -> Int {
        do {
            return try systemCall("read") { Glibc.read(descriptor, bytes, Self.chunkSize) }
        } catch {
            throw CLIError(.failure, "cannot read \(name): \(error.reason)")
        }
    }
}
