import Foundation
import SpotlightModel
#if canImport(Glibc)
import Glibc
#endif

/// Disk space held for the index's next commit, so that Xapian never meets a full disk in
/// the middle of one.
///
/// Why: libxapian 1.4 merges value slots in a destructor that writes; when a write fails
/// with ENOSPC during that merge, the second exception ends the process in
/// `std::terminate`, which no `catch` can stop. So before each commit every table file gets
/// room past its end (`fallocate` with `FALLOC_FL_KEEP_SIZE`, which leaves its size alone),
/// sized from how much the table grew in earlier commits and how many changes are pending.
/// When the disk cannot give that room the commit is refused with `.io` before Xapian
/// writes a byte; the records stay safe in the store and the index catches up once space
/// is freed.
///
/// ```swift
/// var reserve = IndexSpaceReserve(directory: "/data/index.1")
/// try reserve.prepare(pendingChanges: 500, documentCount: 10_000)   // throws .io when full
/// try database.commit()
/// reserve.committed()
/// ```
struct IndexSpaceReserve {
    /// Glass's table files; the optional ones appear at their first write.
    static let tables = ["postlist", "termlist", "position", "docdata", "spelling", "synonym"]
    static let defaultMinimumPerTable: Int64 = 256 << 10
    static let maximumPerTable: Int64 = 1 << 30
    /// Free space kept for the version file Xapian writes and renames at each commit, and
    /// for tables not yet created.
    static let versionFileSpace: Int64 = 256 << 10

    let directory: String
    /// The least room kept past each table's end (tests raise it to make a disk "full").
    var minimumPerTable = Self.defaultMinimumPerTable
    /// Each table's size after the last commit (or when first seen).
    private var baseline: [String: Int64] = [:]
    /// The most a table grew from one commit to the next (changes written between commits
    /// included), forgotten slowly.
    private var largestGrowth: [String: Int64] = [:]

    init(directory: String) {
        self.directory = directory
    }

    /// Free space under which the engine commits with the store's writes held: the store
    /// writes beside the index, and near a full disk what it writes during a commit could
    /// take the room the commit was counting on (the space fallocated past each table's end
    /// is the table's, but the version file's and new tables' room is only free space).
    static let nearlyFullMargin: Int64 = 64 << 20
    /// The document count at the last ``prepare(pendingChanges:documentCount:)``.
    private var lastDocumentCount = 0

    /// Whether the disk is so nearly full that a commit of `pendingChanges` changes should
    /// not run beside other writers: less than ``nearlyFullMargin`` would be left free after
    /// twice the room the commit asks for (or the free space cannot be read).
    func isNearlyFull(pendingChanges: Int) -> Bool {
        guard let free = Self.freeBytes(directory) else { return true }
        var wanted = Self.versionFileSpace
        for table in Self.tables {
            guard let size = Self.fileSize("\(directory)/\(table).glass") else { continue }
            wanted += headroom(table: table, size: size, pendingChanges: pendingChanges, documentCount: lastDocumentCount)
        }
        return free < Self.nearlyFullMargin + 2 * wanted
    }

    /// Reserves room for a commit of `pendingChanges` changes to an index of
    /// `documentCount` documents.
    ///
    /// - Throws: `.io` saying how much room was needed when the disk cannot give it.
    mutating func prepare(pendingChanges: Int, documentCount: Int) throws {
        lastDocumentCount = documentCount
        var unreserved: Int64 = 0
        for table in Self.tables {
            let file = "\(directory)/\(table).glass"
            guard let size = Self.fileSize(file) else { continue }
            if baseline[table] == nil { baseline[table] = size }
            let wanted = headroom(table: table, size: size, pendingChanges: pendingChanges,
                                  documentCount: documentCount)
            do {
                if try !XapianDatabase.reserveSpace(after: file, length: wanted) { unreserved += wanted }
            } catch let error as SpotlightError {
                throw full(needing: wanted, underlying: error.underlying ?? error.message)
            }
        }
        let needed = Self.versionFileSpace + unreserved
        if let free = Self.freeBytes(directory), free < needed {
            throw full(needing: needed, underlying: "\(free) bytes free")
        }
    }

    /// Learns from the commit just made how much each table grows per commit, then reserves
    /// room again for the changes written before the next one (best effort: ``prepare``
    /// insists).
    mutating func committed() {
        for table in Self.tables {
            let file = "\(directory)/\(table).glass"
            guard let after = Self.fileSize(file) else { continue }
            let previous = largestGrowth[table, default: 0]
            largestGrowth[table] = max(after - (baseline[table] ?? after), previous - previous / 8)
            baseline[table] = after
            _ = try? XapianDatabase.reserveSpace(after: file, length: headroom(
                table: table, size: after, pendingChanges: 0, documentCount: 0))
        }
    }

    func headroom(table: String, size: Int64, pendingChanges: Int, documentCount: Int) -> Int64 {
        // A writer's document count includes its pending documents, but the table holds only
        // the committed ones: divide by those (at most, when every pending change is a new
        // document), or a first large commit after opening gets a fraction of the room it needs.
        let committed = documentCount - pendingChanges
        let perDocument = committed > 0 ? size / Int64(committed) : 1024
        // Copy-on-write: a commit writes changed blocks anew before the old ones are freed.
        let fromPending = 2 * perDocument * Int64(pendingChanges)
        let fromHistory = 4 * largestGrowth[table, default: 0]
        return max(min(max(fromPending, fromHistory), Self.maximumPerTable), minimumPerTable)
    }

    private func full(needing bytes: Int64, underlying: String) -> SpotlightError {
        SpotlightError(.io, "not enough disk space to commit the index at \(directory) safely "
            + "(\(bytes / 1024) KiB wanted); free space on that disk and the index catches up "
            + "from the record store by itself", underlying: underlying)
    }

    static func fileSize(_ path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int64(info.st_size)
    }

    /// Bytes an unprivileged writer may still use on the file system holding `path`.
    static func freeBytes(_ path: String) -> Int64? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }
}
