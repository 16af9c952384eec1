import Foundation
import SpotlightModel

/// What TaskDeck does with a data file it cannot read: it keeps it, renamed, so that the next
/// save, which writes the file whole, cannot overwrite what a person may still recover.
enum UnreadableFile {
    /// Renames `file` to `<name>.unreadable-<UTC timestamp>` beside it (with `-2`, `-3`, …
    /// when that name is taken) and says so in one line on stderr naming both paths.
    ///
    /// ```swift
    /// let aside = try UnreadableFile.moveAside(file, because: "it is not TaskDeck's JSON")
    /// // stderr: taskdeck: cannot read …/tasks.json (it is not TaskDeck's JSON); moved it to
    /// //         …/tasks.json.unreadable-20260601T200000Z and started with no projects or tasks
    /// ```
    /// - Parameters:
    ///   - file: the file that could not be read.
    ///   - reason: why, in a few words, for the stderr line.
    /// - Returns: where the file is now.
    /// - Throws: `SpotlightError(.io)` when it cannot be renamed; the caller must then not write `file`.
    @discardableResult
    static func moveAside(_ file: URL, because reason: String, now: Date = Date()) throws -> URL {
        let base = file.path + ".unreadable-" + timestamp(now)
        var aside = URL(fileURLWithPath: base)
        var attempt = 1
        while FileManager.default.fileExists(atPath: aside.path) {
            attempt += 1
            aside = URL(fileURLWithPath: "\(base)-\(attempt)")
        }
        do {
            try FileManager.default.moveItem(at: file, to: aside)
        } catch {
            throw SpotlightError(.io, "cannot read \(file.path) (\(reason)) nor move it aside to \(aside.path); "
                + "move or repair it yourself, then start TaskDeck again", underlying: "\(error)")
        }
        StandardError.write("taskdeck: cannot read \(file.path) (\(reason)); moved it to \(aside.path) "
            + "and started with no projects or tasks\n")
        return aside
    }

    /// `20260601T200000Z`: sorts by time, no characters a shell or file manager trips over.
    private static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }
}
