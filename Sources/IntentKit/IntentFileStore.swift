import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Where an ``IntentFile`` made from `Data` is written when it goes on the wire, and how long it
/// stays there: `$TMPDIR/intentkit-files/<pid>-<random>/<n>/<filename>`, one directory per process.
///
/// - The newest ``limit`` files stay; writing one more removes the oldest.
/// - The process's directory goes when its app service stops (SIGTERM, SIGINT, or its parent gone
///   under `SPOTLIGHT_EXIT_WITH_PARENT=1`); see ``serve(dispatcher:)``.
/// - A directory left by a process that is gone (killed, or a command-line run) is removed by
///   the next process that writes a file.
///
/// ```swift
/// let url = try IntentFileStore.shared.write(Data("hi".utf8), named: "note.txt")
/// IntentFileStore.shared.removeAll()   // at stop
/// ```
final class IntentFileStore: Sendable {
    /// The process's store.
    static let shared = IntentFileStore(
        root: FileManager.default.temporaryDirectory.appendingPathComponent("intentkit-files"))

    /// How many written files a process keeps at once.
    static let limit = 64

    /// `$TMPDIR/intentkit-files`, shared by every process.
    let root: URL
    /// This process's directory under `root`.
    let directory: URL
    private let state = Mutex(State())

    private struct State {
        var written: [URL] = []
        var next = 0
        var swept = false
    }

    init(root: URL) {
        self.root = root
        self.directory = root.appendingPathComponent("\(getpid())-\(UUID().uuidString.prefix(8))")
    }

    /// Writes `data` to a new file named `name` and removes the oldest beyond ``limit``.
    /// - Returns: the new file's URL.
    /// - Throws: the file system's error when the file cannot be written.
    func write(_ data: Data, named name: String) throws -> URL {
        let (number, sweep) = state.withLock { state in
            defer { state.next += 1; state.swept = true }
            return (state.next, !state.swept)
        }
        if sweep { removeDirectoriesOfEndedProcesses() }
        let folder = directory.appendingPathComponent(String(number))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        let evicted: [URL] = state.withLock { state in
            state.written.append(folder)
            let excess = max(0, state.written.count - Self.limit)
            defer { state.written.removeFirst(excess) }
            return Array(state.written.prefix(excess))
        }
        for folder in evicted { try? FileManager.default.removeItem(at: folder) }
        return url
    }

    /// Removes every file this process wrote, and its directory.
    func removeAll() {
        state.withLock { $0.written.removeAll() }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Removes `<pid>-…` directories under `root` whose process has ended.
    private func removeDirectoriesOfEndedProcesses() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [] {
            guard let pid = name.split(separator: "-").first.flatMap({ Int32($0) }), pid != getpid() else { continue }
            if kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(at: root.appendingPathComponent(name))
            }
        }
    }
}

/// The copy of a data-backed ``IntentFile`` written to the ``IntentFileStore``, shared by the
/// value's copies so encoding the same value again writes nothing new. Not part of the value:
/// every two are equal.
final class WrittenIntentFile: Hashable, Sendable {
    private let copy = Mutex<(name: String, url: URL)?>(nil)

    /// The written file for `name`: the one written before while it exists, else `write()`'s.
    func url(named name: String, write: () throws -> URL) throws -> URL {
        try copy.withLock { copy in
            if let copy, copy.name == name, FileManager.default.fileExists(atPath: copy.url.path) { return copy.url }
            let url = try write()
            copy = (name, url)
            return url
        }
    }

    static func == (lhs: WrittenIntentFile, rhs: WrittenIntentFile) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
