import Foundation
import SpotlightWire
#if canImport(Glibc)
import Glibc
#endif

/// `export --output FILE`: written beside FILE under another name and renamed over it only
/// once the export is complete, so an export that fails (spotlightd not running, a lost
/// connection, Ctrl-C) leaves the previous file as it was instead of empty or cut short.
///
/// Only a regular file is replaced. A symbolic link stays a link: the file it leads to is
/// replaced. Anything else (a FIFO, a terminal, `/dev/null`, `/dev/stdout`, a link through
/// `/proc`) is written into as it is, like `> FILE` would, since renaming a file over it would
/// put a plain file in its place (run as root, `--output /dev/null` replaced the device).
final class OutputFile: Sendable {
    /// Where the export ends up: FILE, or the file FILE's symbolic links lead to.
    let path: String
    /// The file written and renamed over `path` when complete; nil when writing into `path`.
    let partial: String?
    let handle: FileHandle

    /// - Throws: `CLIError(.failure)` when FILE is empty, a directory, or cannot be opened or created.
    init(_ given: String) throws {
        // "" would be written as a hidden partial file in the current directory, then fail to rename.
        guard !given.isEmpty else { throw CLIError(.failure, "--output needs a file path, not an empty one") }
        var info = stat()
        let exists = stat(given, &info) == 0
        if exists && (info.st_mode & S_IFMT) == S_IFDIR {
            throw CLIError(.failure, "\(given) is a directory; give --output a file path")
        }
        guard let target = (exists && (info.st_mode & S_IFMT) != S_IFREG) ? nil : Self.replaceablePath(given) else {
            path = given
            partial = nil
            handle = try Self.open(given)
            return
        }
        path = target
        let url = URL(fileURLWithPath: target)
        let partial = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).partial").path
        self.partial = partial
        // The file it replaces keeps its permissions (an export holds every record's text).
        let mode = exists ? (try? FileManager.default.attributesOfItem(atPath: target))?[.posixPermissions] : nil
        guard FileManager.default.createFile(atPath: partial, contents: nil, attributes: mode.map { [.posixPermissions: $0] }),
              let handle = FileHandle(forWritingAtPath: partial) else {
            throw CLIError(.failure, "cannot create \(given); check the directory exists and is writable")
        }
        self.handle = handle
    }

    /// Puts the complete export in place of `path` (written into it: sends what is buffered).
    func commit() throws {
        guard let partial else {
            try? handle.synchronize()   // a pipe or a device may not take fsync; its writes were checked
            try handle.close()
            return
        }
        try handle.synchronize()
        try handle.close()
        guard rename(partial, path) == 0 else {
            throw CLIError(.failure, "cannot write \(path): \(String(cString: strerror(errno))); check the directory is writable")
        }
    }

    /// Removes what an unfinished export wrote (nothing once committed, nor in a file written into).
    func discard() {
        try? handle.close()
        if let partial { unlink(partial) }
    }

    /// What ``discard()`` leaves of an export stopped after `records`, in words for the error:
    /// the file as it was, or (written into) the records written so far.
    func leftWhenDiscarded(records: Int) -> String {
        guard partial != nil else { return "the \(Terminal.counted(records, "record")) written into \(path) are a partial export" }
        return "\(path) was not written (the partial copy was removed)"
    }

    /// The path a finished export is renamed to: `path` with its symbolic links followed, link
    /// by link (the last one may dangle: the export creates its file); nil when a link lies in
    /// `/proc` (`/dev/stdout`, `/dev/fd/1`), whose file is the shell's to write into.
    private static func replaceablePath(_ path: String) -> String? {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            let directory = URL(fileURLWithPath: current).deletingLastPathComponent().path
            if let real = realpath(directory, nil) {
                defer { free(real) }
                let resolved = String(cString: real)
                if resolved == "/proc" || resolved.hasPrefix("/proc/") { return nil }
            }
            guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = link.hasPrefix("/") ? link : directory + "/" + link
        }
        return current
    }

    /// Opens an existing FIFO, device or `/proc` link for writing. Appending: `/dev/stdout`
    /// opens the shell's file anew, at its start, so without it `>> log` would be overwritten.
    private static func open(_ path: String) throws -> FileHandle {
        do {
            let fd = try systemCall("open") { Glibc.open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOCTTY) }
            return FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        } catch {
            throw CLIError(.failure, "cannot write \(path): \(error.reason); give --output a file path")
        }
    }
}
