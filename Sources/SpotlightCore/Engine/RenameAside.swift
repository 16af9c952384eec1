#if canImport(Glibc)
import Glibc
#endif
import SpotlightModel

/// Renames a damaged or superseded file or directory inside the data directory to `destination`,
/// beside it, so spotlightd can start afresh while keeping what it found.
///
/// ```swift
/// try renameAside(storePath, to: storePath + ".corrupt-1733500000", what: "the damaged record store")
/// ```
/// - Throws: `SpotlightError` `.io` naming both paths, the system's reason and what to do: a
///   data directory spotlightd cannot rename in leaves the damaged file where it was, and
///   spotlightd cannot start until it can.
func renameAside(_ path: String, to destination: String, what: String) throws(SpotlightError) {
    guard rename(path, destination) != 0 else { return }
    let reason = String(cString: strerror(errno))
    let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    throw SpotlightError(.io, "cannot move \(what) \(path) aside to \(destination) (\(reason)); nothing was changed. "
                         + "Make \(directory.isEmpty ? "." : directory) writable by spotlightd's user and free some "
                         + "space on its disk, or move \(path) away yourself, then start spotlightd again",
                         underlying: reason)
}
