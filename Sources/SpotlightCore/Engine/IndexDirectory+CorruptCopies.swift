import Foundation
import SpotlightModel

/// The index generations found corrupt and kept for a look: at most
/// ``CorruptIndexCopy/kept``, each with a `corruption.json` saying which table and revision.
extension IndexDirectory {
    /// Moves a corrupt generation aside as `<path>.corrupt-<time>`, records in it what was
    /// found (`corruption.json`), and removes older corrupt copies beyond the newest
    /// ``CorruptIndexCopy/kept``.
    ///
    /// - Returns: the copy as ``corruptCopies()`` reports it.
    func keepCorrupt(_ path: String, report: IndexCheckReport, problem: String) throws -> CorruptIndexCopy {
        let dest = try moveAside(path, suffix: "corrupt")
        let copy = CorruptIndexCopy(path: dest, table: report.table, revision: report.revision,
                                    problem: problem, movedAt: ISO8601.string(from: Date()))
        let note = CorruptionNote(table: copy.table, revision: copy.revision, problem: copy.problem, movedAt: copy.movedAt)
        // Best effort: the copy is what matters; without the note its details read as unknown.
        if let data = try? JSONEncoder().encode(note) {
            _ = FileManager.default.createFile(atPath: dest + "/" + Self.corruptionNote, contents: data)
        }
        for stale in corruptCopies().dropFirst(CorruptIndexCopy.kept) {
            try? FileManager.default.removeItem(atPath: stale.path)
        }
        return copy
    }

    /// The corrupt generations kept, newest first.
    func corruptCopies() -> [CorruptIndexCopy] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dataDirectory)) ?? []
        let copies = names.filter { $0.hasPrefix("index.") && $0.contains(".corrupt-") }.map { name -> (CorruptIndexCopy, Date) in
            let path = dataDirectory + "/" + name
            let moved = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? nil
            let note = FileManager.default.contents(atPath: path + "/" + Self.corruptionNote)
                .flatMap { try? JSONValue.parse($0).decode(CorruptionNote.self) }
            let movedAt = note.flatMap { ISO8601.date(from: $0.movedAt) } ?? moved ?? .distantPast
            return (CorruptIndexCopy(path: path, table: note?.table, revision: note?.revision,
                                     problem: note?.problem ?? "not recorded (moved aside by an older spotlightd)",
                                     movedAt: ISO8601.string(from: movedAt)), movedAt)
        }
        return copies.sorted { ($0.1, $0.0.path) > ($1.1, $1.0.path) }.map(\.0)
    }

    /// The file in a corrupt copy that says what was found.
    static let corruptionNote = "corruption.json"

    fileprivate struct CorruptionNote: Codable {
        var table: String?
        var revision: UInt64?
        var problem: String
        var movedAt: String
    }
}
