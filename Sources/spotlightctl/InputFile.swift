import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpotlightWire

/// A file a command reads (`import FILE`, `synonyms --set FILE`), `-` for stdin, with one
/// message per way it can be unreadable.
///
/// ```swift
/// let data = try InputFile.read("synonyms.json")          // small files, whole
/// let file = try InputFile.open("records.jsonl")          // large ones, line by line
/// defer { file.close() }
/// ```
enum InputFile {
    /// The most ``read(_:)`` takes: what it reads goes to spotlightd in one message, which
    /// takes no more by default, so an endless input (`- < /dev/zero`) cannot fill the memory.
    static let maxWholeFileBytes = 16 << 20

    /// Reads all of `path` (a file, a FIFO, `-`), at most ``maxWholeFileBytes``. A UTF-8 byte
    /// order mark at the start (editors on Windows write one) is left out.
    /// - Throws: `CLIError(.failure)` saying whether the path is missing, a directory,
    ///   unreadable or too large.
    static func read(_ path: String) throws -> Data {
        let data = try readBytes(path)
        return data.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(data.dropFirst(3)) : data
    }

    /// An open input: its descriptor, and whether it can be read again from the start.
    struct Opened {
        let path: String
        let descriptor: Int32
        let rereadable: Bool

        /// A reader of its lines from the start (``rereadable`` inputs only, after the first).
        func lines() throws -> LineReader {
            if rereadable, lseek(descriptor, 0, SEEK_SET) != 0 {
                throw CLIError(.failure, "cannot read \(path) again: \(String(cString: strerror(errno)))")
            }
            return LineReader(descriptor: descriptor, name: path == "-" ? "stdin" : path)
        }

        func close() { if descriptor != STDIN_FILENO { _ = Glibc.close(descriptor) } }
    }

    /// Opens `path` (`-`: stdin) to be read in parts. A regular file can be read again; stdin
    /// or a pipe (`<(…)`, a FIFO) can when `rereadable`: it is first copied to an unlinked
    /// temporary file.
    /// - Throws: `CLIError(.failure)`, the messages of ``read(_:)``.
    static func open(_ path: String, rereadable: Bool = false) throws -> Opened {
        if path == "-" {
            guard rereadable else { return Opened(path: path, descriptor: STDIN_FILENO, rereadable: false) }
            return Opened(path: path, descriptor: try spool(STDIN_FILENO, name: "stdin"), rereadable: true)
        }
        let descriptor = try openForReading(path)
        var info = stat()
        let regular = fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        // A device other than a terminal (/dev/zero, /dev/urandom) is an endless input that
        // holds no records: a slip of the path, not a file to read for ever.
        if info.st_mode & S_IFMT == S_IFCHR && isatty(descriptor) == 0 {
            _ = Glibc.close(descriptor)
            throw CLIError(.failure, "\(path) is a device, not a file of records; give the file `export` wrote, "
                + "or - to read standard input")
        }
        guard !regular, rereadable else { return Opened(path: path, descriptor: descriptor, rereadable: regular) }
        defer { _ = Glibc.close(descriptor) }
        return Opened(path: path, descriptor: try spool(descriptor, name: path), rereadable: true)
    }

    /// A copy of what `descriptor` (`name` in messages) holds, in a temporary file already
    /// unlinked, copied 1 MiB at a time. The copy stops, as ``LineReader`` would stop reading,
    /// after 256 MiB in a row of lines over 16 MiB (``OverlongRun``): an endless input
    /// without newlines (`- < /dev/zero`) would otherwise fill the disk.
    /// - Throws: `CLIError(.failure)` when it cannot copy, or stopped copying.
    private static func spool(_ descriptor: Int32, name: String) throws -> Int32 {
        var template = Array((FileManager.default.temporaryDirectory.path + "/spotlightctl-stdin-XXXXXX").utf8CString)
        let copy = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard copy >= 0 else { throw CLIError(.failure, "cannot keep a copy of \(name): \(String(cString: strerror(errno)))") }
        _ = fcntl(copy, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        var chunk = [UInt8](repeating: 0, count: LineReader.chunkSize)
        var run = OverlongRun()
        do {
            while true {
                let count = try chunk.withUnsafeMutableBytes { bytes in
                    try systemCall("read") { Glibc.read(descriptor, bytes.baseAddress!, bytes.count) }
                }
                if count == 0 { return copy }
                guard chunk.withUnsafeBytes({ run.add(UnsafeRawBufferPointer(rebasing: $0[..<count])) }) else {
                    throw LineReader.notJSONLines(name: name, note: " (--strict copies it to a temporary file "
                        + "before checking it, and stopped copying; nothing was imported)")
                }
                var written = 0
                while written < count {
                    written += try chunk.withUnsafeBytes { bytes in
                        try systemCall("write") { Glibc.write(copy, bytes.baseAddress! + written, count - written) }
                    }
                }
            }
        } catch let error as CLIError {
            _ = Glibc.close(copy)
            throw error
        } catch {
            _ = Glibc.close(copy)
            throw CLIError(.failure, "cannot keep a copy of \(name): \((error as? SystemCallError)?.description ?? "\(error)")")
        }
    }

    private static func checkIsFile(_ path: String) throws {
        // "" would be reported as " does not exist", naming nothing.
        guard !path.isEmpty else { throw CLIError(.failure, "the file's path is empty; give a file (- reads stdin)") }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CLIError(.failure, "\(path) does not exist; check the path (- reads stdin)")
        }
        if isDirectory.boolValue { throw CLIError(.failure, "\(path) is a directory; give a file (- reads stdin)") }
    }

    /// Opens `path`, after ``checkIsFile(_:)``, saying why it cannot be read when it cannot.
    private static func openForReading(_ path: String) throws -> Int32 {
        try checkIsFile(path)
        do {
            return try systemCall("open") { Glibc.open(path, O_RDONLY | O_CLOEXEC) }
        } catch {
            let hint = error.errno == EACCES ? "check its permissions" : "check the path"
            throw CLIError(.failure, "cannot read \(path): \(error.reason); \(hint)")
        }
    }

    /// What `path` holds, read(2) by read(2), so a FIFO or a device reads like a file.
    private static func readBytes(_ path: String) throws -> Data {
        let descriptor = path == "-" ? STDIN_FILENO : try openForReading(path)
        defer { if descriptor != STDIN_FILENO { _ = Glibc.close(descriptor) } }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count: Int
            do {
                count = try chunk.withUnsafeMutableBytes { bytes in
                    try systemCall("read") { Glibc.read(descriptor, bytes.baseAddress!, bytes.count) }
                }
            } catch {
                throw CLIError(.failure, "cannot read \(path == "-" ? "stdin" : path): \((error as? SystemCallError)?.reason ?? "\(error)")")
            }
            if count == 0 { return data }
            data.append(contentsOf: chunk[..<count])
            if data.count > maxWholeFileBytes {
                throw CLIError(.failure, "\(path == "-" ? "stdin" : path) holds more than \(maxWholeFileBytes >> 20) MiB, "
                    + "more than spotlightd takes in one message; check it is the file you meant")
            }
        }
    }
}
