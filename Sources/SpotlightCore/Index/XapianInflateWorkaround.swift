internal import CXapian

/// CXapian's fix for a libxapian 1.4 read bug: some compressed tags libxapian wrote itself
/// (a spelling fragment, a document's data, a termlist that inflates past 8 KiB) read back
/// as `DatabaseCorruptError: Too few chunks of compressed data` though the files are sound.
/// CXapian interposes on zlib's `inflate` for libxapian's calls (see
/// `Sources/CXapian/cxapian_inflate.cpp` and docs/hardening.md); this says whether that
/// took effect in this process.
///
/// ```swift
/// if !XapianInflateWorkaround.isInstalled { log(.warning, "…") }
/// ```
enum XapianInflateWorkaround {
    /// Whether libxapian's `inflate` calls reach CXapian's in this process.
    static var isInstalled: Bool { state().installed }

    /// How many of libxapian's `inflate` calls CXapian has served (held the last byte back for).
    static var servedCalls: UInt64 { state().served }

    /// The warning to log when the workaround is missing, nil when it is installed.
    static var missingWarning: String? {
        isInstalled ? nil : "CXapian's workaround for libxapian's compressed-tag bug is not active in this "
            + "process (zlib's inflate is not interposed); indexes may be reported corrupt with "
            + "\"Too few chunks of compressed data\" though they are sound (see docs/hardening.md)"
    }

    private static func state() -> (installed: Bool, served: UInt64) {
        var installed: Int32 = 0
        var served: UInt64 = 0
        guard (try? check("CXapian", "inspect the inflate workaround", {
            cx_inflate_workaround_state(&installed, &served, $0)
        })) != nil else { return (false, 0) }
        return (installed != 0, served)
    }
}
