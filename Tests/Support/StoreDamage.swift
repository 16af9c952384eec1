import Foundation

/// Overwrites the stored bytes of the record with id `id` in the record store at `storePath`
/// (spotlightd stopped) with bytes that are no stored form, through SQLite (python3's
/// sqlite3), so SQLite's page checks cannot see it: a record that no longer decodes.
///
/// ```swift
/// _ = daemon.stop()
/// try damageStoredRecord(storePath: daemon.dataDirectory + "/store.sqlite", id: "b")
/// ```
/// - Returns: python3's exit status (0 when the row was rewritten).
@discardableResult
public func damageStoredRecord(storePath: String, id: String) throws -> Int32 {
    let damage = Process()
    damage.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    damage.arguments = ["-c", """
        import sqlite3, sys
        db = sqlite3.connect(sys.argv[1])
        db.execute("UPDATE records SET json = x'0102' WHERE CAST(id AS TEXT) = ?", (sys.argv[2],))
        db.commit()
        """, storePath, id]
    try damage.run()
    damage.waitUntilExit()
    return damage.terminationStatus
}
