import Foundation

/// A file a command reads (`import FILE`, `synonyms --set FILE`), `-` for stdin, with one
/// message per way it can be unreadable.
///
/// ```swift
/// let data = try InputFile.read("records.jsonl")
/// ```
enum InputFile {
    /// A UTF-8 byte order mark at the start (editors on Windows write one) is left out.
    /// - Throws: `CLIError(.failure)` saying whether the path is missing, a directory or unreadable.
    static func read(_ path: String) throws -> Data {
        let data = try readBytes(path)
        return data.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(data.dropFirst(3)) : data
    }

    private static func readBytes(_ path: String) throws -> Data {
        if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CLIError(.failure, "\(path) does not exist; check the path (- reads stdin)")
        }
        if isDirectory.boolValue { throw CLIError(.failure, "\(path) is a directory; give a file (- reads stdin)") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError(.failure, "cannot read \(path); check its permissions")
        }
        return data
    }
}
