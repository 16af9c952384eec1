import Foundation
import SpotlightModel

/// The record store's check at start. A corrupt store is never served: it is moved aside, a
/// fresh empty store takes its place, and the engine reports (in its log and in `status`, as
/// `degraded`) that it needs a restore or the apps' re-donation, until that is done.
extension SpotlightEngine {
    /// The file that remembers, across restarts, that the store was lost and why.
    static let storeLostMarker = "store-lost"

    /// Opens the store at `<data>/store.sqlite` and checks it: SQLite's quick check after a
    /// clean shutdown, the full ``RecordStore/findDamage()`` after an unclean one. A store
    /// that cannot be opened, whose file fails its check, or is missing or empty (0 bytes, which
    /// SQLite would take for a new database) while an index exists is moved aside and replaced
    /// by an empty one. Records that do not decode cost only
    /// themselves: the store is kept and they are returned (and logged).
    /// - Returns: the store, what is wrong with the data (nil when it is sound), whether the
    ///   store was replaced by an empty one just now, and the keys whose records do not decode.
    static func openCheckedStore(dataDirectory: String, wasClean: Bool, indexExists: Bool, log: SpotlightLog)
        throws -> (RecordStore, problem: String?, replaced: Bool, damaged: [RecordKey]) {
        let path = dataDirectory + "/store.sqlite"
        let marker = dataDirectory + "/" + storeLostMarker
        let remembered = (try? String(contentsOfFile: marker, encoding: .utf8)).flatMap { $0.isEmpty ? nil : $0 }
        let existed = FileManager.default.fileExists(atPath: path)
        // A file truncated to nothing holds no database, though SQLite would open it as a new one.
        let heldData = existed && (fileSize(path) > 0 || fileSize(path + "-wal") > 0)
        var found: String?
        do {
            let store = try RecordStore(path: path)
            let damage = wasClean ? StoreDamage(fileProblems: try store.quickCheck()) : try store.findDamage()
            if damage.fileProblems.isEmpty {
                for line in damage.recordProblems.prefix(damagedKeysLogged) {
                    log(.error, "the record store's check found: \(line); it is left out of the index and of answers "
                        + "until it is donated again")
                }
                if damage.recordProblems.count > damagedKeysLogged {
                    log(.error, "the record store's check found \(damage.recordProblems.count) damaged records in all; "
                        + "`spotlightctl check` lists them")
                }
                if heldData || !indexExists { return (store, remembered, false, damage.damagedKeys) }
                found = "the record store \(path) was \(existed ? "empty (0 bytes)" : "missing") while an index existed"
            } else {
                found = "SQLite's check of \(path) found: " + damage.fileProblems.prefix(3).joined(separator: "; ")
            }
            store.close()
        } catch let error as SpotlightError where error.code == .corrupt {
            found = "\(path) cannot be read as a record store (\(error.underlying ?? error.message))"
        }
        let problem = found!
        var done = "started an empty store"
        if existed {
            let stamp = Int(Date().timeIntervalSince1970)
            let aside = "\(path).corrupt-\(stamp)"
            try renameAside(path, to: aside, what: "the damaged record store")
            for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
                try renameAside(path + suffix, to: aside + suffix, what: "the damaged record store's \(suffix) file")
            }
            done = "moved it to \(aside) and " + done
        }
        let message = "the record store was lost: \(problem); \(done). "
            + "Restore a backup of the store to \(path) (daemon stopped, then remove \(marker)), "
            + "or run `spotlightctl rebuild --from-apps` so the apps donate again"
        log(.error, message)
        _ = FileManager.default.createFile(atPath: marker, contents: Data(message.utf8))
        try fsyncDirectory(dataDirectory)
        return (try RecordStore(path: path), message, true, [])
    }

    /// The size of the file at `path` in bytes; 0 when there is none.
    private static func fileSize(_ path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : 0
    }

    /// After every registered app has donated again: the store is whole again, so the engine
    /// stops reporting it as lost.
    public func storeRestoredByApps() {
        let had = shared.withLock { s -> Bool in
            defer { s.storeProblem = nil }
            return s.storeProblem != nil
        }
        guard had else { return }
        try? FileManager.default.removeItem(atPath: dataDirectory + "/" + Self.storeLostMarker)
        options.log(.info, "every registered app donated again; the record store is no longer reported as lost")
    }
}
