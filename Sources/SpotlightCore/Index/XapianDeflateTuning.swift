internal import CXapian

/// CXapian's cheaper compression of libxapian's small tags: it interposes on zlib's
/// `deflateInit2_` for libxapian's calls and sets level 1 and memLevel 4, or no compression
/// for the bulk parts that ask for it (see
/// `Sources/CXapian/cxapian_deflate.cpp` for why and what it measured); this says whether that
/// took effect in this process. Without it indexing is slower, never wrong.
///
/// ```swift
/// XapianDeflateTuning.isInstalled    // true
/// XapianDeflateTuning.tunedStreams   // libxapian's deflate streams set up so far
/// ```
enum XapianDeflateTuning {
    /// Whether libxapian's `deflateInit2_` calls reach CXapian's in this process.
    static var isInstalled: Bool { state().installed }

    /// How many of libxapian's deflate streams were set up with the cheaper settings.
    static var tunedStreams: UInt64 { state().tuned }

    /// How many of libxapian's deflate streams were set up to store tags uncompressed (bulk
    /// parts that hold keys only: ``XapianDatabase/openScratch(path:plainTags:)``).
    static var plainStreams: UInt64 { state().plain }

    private static func state() -> (installed: Bool, tuned: UInt64, plain: UInt64) {
        var installed: Int32 = 0
        var tuned: UInt64 = 0
        var plain: UInt64 = 0
        guard (try? check("CXapian", "inspect the deflate tuning", {
            cx_deflate_tuning_state(&installed, &tuned, &plain, $0)
        })) != nil else { return (false, 0, 0) }
        return (installed != 0, tuned, plain)
    }
}
