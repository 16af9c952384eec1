import Foundation
import SpotlightModel

/// The file the record store's path named when the engine opened it (its device and inode),
/// to tell before a write is acknowledged that the path still names it.
///
/// A data directory deleted (or its store replaced) while the engine runs leaves the open
/// SQLite connection committing into a file that no later start reads: every write would
/// succeed and be lost at the next start. The engine checks the path after each group commit
/// (one `stat`) and refuses the writes once it does not name the opened file.
///
/// ```swift
/// let identity = try StoreFileIdentity(path: dataDirectory + "/store.sqlite")
/// if let problem = identity.problem() { refuse("not stored: " + problem) }
/// ```
struct StoreFileIdentity: Sendable {
    let path: String
    private let device: UInt64
    private let inode: UInt64

    /// - Throws: `.io` when `path` cannot be read (the store was just opened there, so this
    ///   is a disk failing or a directory being removed at that moment).
    init(path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw SpotlightError(.io, "cannot read \(path) just after opening it; check the data directory",
                                 underlying: String(cString: strerror(errno)))
        }
        self.path = path
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// Nil while `path` names the file it named at init; else what became of it, for a log
    /// line and the error of each refused write. Other failures of `stat` (a permission
    /// changed) say nothing about the file, so they are not a problem here.
    func problem() -> String? {
        var info = stat()
        if stat(path, &info) != 0 {
            guard errno == ENOENT || errno == ENOTDIR else { return nil }
            return "the record store \(path) was removed while the engine ran (was its data directory deleted?)"
        }
        guard UInt64(info.st_dev) == device, UInt64(info.st_ino) == inode else {
            return "the record store \(path) was replaced by another file while the engine ran"
        }
        return nil
    }
}
