internal import CZlib
internal import CZstd
import Foundation
import SpotlightModel

/// The `json` column of `records` and `batch_writes` (schema at the top of StoreSchema.swift):
/// a record's JSON text (``StoredJSON``) as a Zstandard frame (store schema 6), as a zlib
/// stream (a row written by schema 4 or 5), or as the plain text (a row written before schema
/// 4). The first byte tells them apart: a Zstandard frame starts with 0x28 (its magic number,
/// 28 B5 2F FD), the text with `{`, and a zlib stream written here with 0x78.
///
/// The frame is made at level 1 against ``dictionary`` (raw content: the record format's member
/// names), holds the text's size and a checksum of it (so an altered row fails to read rather
/// than read as other text), and no dictionary ID. On the Debian package corpus (63,697
/// records, 44.3 MB of JSON, 700 bytes each on average) it makes the JSON 24.8 MB against
/// zlib's 25.3 MB at deflate level 1, for 7.9 µs per record to compress against 17.6 and 2.5
/// µs to expand against 4.4 (measured in C, in a loop; in a query, expanding ten hits' zlib
/// streams took 63 µs, a third of the records step). LZ4 expands in a tenth of the time, but
/// its larger rows (1.39× against 1.79×, with the same dictionary) spilled into SQLite's
/// overflow pages: the store grew by 14.6 MB and its reads slowed by as much as LZ4 saved.
///
/// One codec per ``RecordStore``, used like its connection by one thread at a time. It keeps
/// its Zstandard and zlib state and its output buffer between calls, so a query's page of hits
/// expands without allocating, and the JSON parses straight out of the buffer.
///
/// ```swift
/// let codec = StoredRecordCodec()
/// let blob = try codec.compress(try StoredJSON.encode(record))
/// let again = try blob.withUnsafeBytes { try codec.withJSON(of: $0) { try StoredJSON.decode(Record.self, from: $0) } }
/// ```
final class StoredRecordCodec {
    /// The compression level of new rows: Zstandard's fastest positive level.
    static let level: Int32 = 1
    /// The first byte of a Zstandard frame.
    static let zstdTag: UInt8 = 0x28
    /// The dictionary of the frames: the record format's member names and value kinds
    /// (docs/records.md), which every record repeats and a 700-byte record cannot find earlier
    /// in itself. Part of the stored format: never change it (a new one needs a new form).
    static let dictionary: [UInt8] = Array(("{\"bundle\":\"\",\"domain\":\"\",\"expiration\":\"\",\"id\":\"\",\"keywords\":[\"\",\"\"],"
        + "\"language\":\"\",\"properties\":{\"\":{\"array\":[{\"string\":\"\"}]},\"\":{\"bool\":false},"
        + "\"\":{\"date\":\"20\"},\"\":{\"double\":0.},\"\":{\"entity\":{\"id\":\"\",\"type\":\"\"}},"
        + "\"\":{\"enum\":\"\"},\"\":{\"int\":},\"\":{\"url\":\"https://\"},\"\":{\"string\":\"\"}},"
        + "\"rankingHint\":,\"subtitle\":\"\",\"synonyms\":[\"\",\"\"],\"title\":\"\",\"type\":\"").utf8)
    /// An output buffer larger than this is given back after use rather than kept.
    static let keptBufferBytes = 1 << 20

    /// Why a blob is not a record's JSON in any stored form (the caller names the record).
    struct Damage: Error, CustomStringConvertible {
        var description: String
    }

    private var compressor: (context: OpaquePointer, dictionary: OpaquePointer)?
    private var expander: (context: OpaquePointer, dictionary: OpaquePointer)?
    private var inflater: UnsafeMutablePointer<z_stream>?
    private var buffer: UnsafeMutableRawPointer?
    private var capacity = 0

    deinit {
        if let compressor {
            ZSTD_freeCCtx(compressor.context)
            ZSTD_freeCDict(compressor.dictionary)
        }
        if let expander {
            ZSTD_freeDCtx(expander.context)
            ZSTD_freeDDict(expander.dictionary)
        }
        if let inflater {
            inflateEnd(inflater)
            inflater.deallocate()
        }
        free(buffer)
    }

    /// The stored form of a record's JSON text: its Zstandard frame.
    ///
    /// - Throws: `.internal` when out of memory.
    func compress(_ json: Data) throws -> Data {
        let context = try compressionContext()
        var out = Data(count: ZSTD_compressBound(json.count))
        let written = try json.withUnsafeBytes { input in
            try out.withUnsafeMutableBytes { output in
                let size = ZSTD_compress2(context, output.baseAddress, output.count, input.baseAddress, input.count)
                guard ZSTD_isError(size) == 0 else { throw Self.failure("compress", size) }
                return size
            }
        }
        out.count = written
        return out
    }

    /// Calls `body` with the JSON text a stored blob holds: the blob itself when it is plain
    /// text, else its expanded bytes in the codec's buffer, valid only during `body`.
    ///
    /// - Throws: ``Damage`` when the blob is none of the stored forms (an altered or truncated
    ///   one fails its checksum or its structure), `.internal` when out of memory, or what
    ///   `body` throws.
    func withJSON<T>(of blob: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> T) throws -> T {
        if blob.first == UInt8(ascii: "{") { return try body(blob) }
        if blob.first == Self.zstdTag { return try withZstdJSON(of: blob, body) }
        return try withZlibJSON(of: blob, body)
    }

    /// A Zstandard frame's text (see the type's comment).
    private func withZstdJSON<T>(of blob: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> T) throws -> T {
        let size = ZSTD_getFrameContentSize(blob.baseAddress, blob.count)
        // Unknown (UInt64.max - 1) and error (UInt64.max) sizes are damage too: the frames
        // written here always state it. Zstandard expands at most about 32,000 times, so a
        // larger size is a damaged header, not a reason to allocate it.
        guard size < UInt64.max - 1, size <= 32_768 * UInt64(blob.count) else {
            throw Damage(description: "its Zstandard frame's header is damaged")
        }
        let length = Int(size)
        let context = try expansionContext()
        defer { if capacity > Self.keptBufferBytes { releaseBuffer() } }
        try reserve(max(length, 1), keeping: 0)
        guard let buffer else { throw SpotlightError(.internal, "no buffer to expand a record into") }
        let expanded = ZSTD_decompress_usingDDict(context.context, buffer, length, blob.baseAddress, blob.count,
                                                  context.dictionary)
        if ZSTD_isError(expanded) != 0 {
            if ZSTD_getErrorCode(expanded) == ZSTD_error_memory_allocation { throw Self.failure("decompress", expanded) }
            throw Damage(description: "its Zstandard frame does not expand (\(String(cString: ZSTD_getErrorName(expanded))))")
        }
        guard expanded == length else {
            throw Damage(description: "its Zstandard frame gives \(expanded) bytes, not the \(length) it states")
        }
        return try body(UnsafeRawBufferPointer(start: buffer, count: length))
    }

    /// A zlib stream's text (rows of store schemas 4 and 5).
    private func withZlibJSON<T>(of blob: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> T) throws -> T {
        guard blob.count < Int(UInt32.max / 2) else { throw Damage(description: "a blob of \(blob.count) bytes") }
        let stream = try inflateStream()
        defer {
            inflateReset(stream)
            if capacity > Self.keptBufferBytes { releaseBuffer() }
        }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: blob.bindMemory(to: Bytef.self).baseAddress)
        stream.pointee.avail_in = uInt(blob.count)
        // Record JSON shrinks about 2.5 times; a stream that inflates further grows the buffer.
        try reserve(max(4 * blob.count, 4096), keeping: 0)
        var produced = 0
        while true {
            guard let buffer else { throw SpotlightError(.internal, "no buffer to inflate a record into") }
            stream.pointee.next_out = (buffer + produced).assumingMemoryBound(to: Bytef.self)
            stream.pointee.avail_out = uInt(capacity - produced)
            let rc = inflate(stream, Z_FINISH)
            produced = capacity - Int(stream.pointee.avail_out)
            switch rc {
            case Z_STREAM_END:
                guard stream.pointee.avail_in == 0 else {
                    throw Damage(description: "\(stream.pointee.avail_in) bytes follow the end of its zlib stream")
                }
                return try body(UnsafeRawBufferPointer(start: buffer, count: produced))
            case Z_OK where stream.pointee.avail_out == 0, Z_BUF_ERROR where stream.pointee.avail_out == 0:
                // Out of room (deflate's ratio is at most about 1032, so this ends).
                try reserve(2 * capacity, keeping: produced)
            case Z_BUF_ERROR:
                throw Damage(description: "its zlib stream ends early, after \(blob.count) bytes")
            case Z_MEM_ERROR:
                throw Self.failure("inflate", rc, stream)
            default:
                let reason = stream.pointee.msg.map { String(cString: $0) } ?? "zlib code \(rc)"
                throw Damage(description: "it is neither JSON text nor a zlib stream (\(reason))")
            }
        }
    }

    private func inflateStream() throws -> UnsafeMutablePointer<z_stream> {
        if let inflater { return inflater }
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let rc = inflateInit_(stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard rc == Z_OK else {
            stream.deallocate()
            throw Self.failure("inflateInit", rc, nil)
        }
        inflater = stream
        return stream
    }

    private func compressionContext() throws -> OpaquePointer {
        if let compressor { return compressor.context }
        let created = try Self.dictionary.withUnsafeBytes { words in
            guard let context = ZSTD_createCCtx() else { throw Self.outOfMemory("compress") }
            guard let dictionary = ZSTD_createCDict(words.baseAddress, words.count, Self.level) else {
                ZSTD_freeCCtx(context)
                throw Self.outOfMemory("compress")
            }
            // The frame's form (type comment): a refused setting would write frames without it.
            var codes = [(ZSTD_c_compressionLevel, Self.level), (ZSTD_c_checksumFlag, 1), (ZSTD_c_dictIDFlag, 0),
                         (ZSTD_c_contentSizeFlag, 1)].map { ZSTD_CCtx_setParameter(context, $0, $1) }
            codes.append(ZSTD_CCtx_refCDict(context, dictionary))
            if let refused = codes.first(where: { ZSTD_isError($0) != 0 }) {
                ZSTD_freeCCtx(context)
                ZSTD_freeCDict(dictionary)
                throw Self.failure("set-up", refused)
            }
            return (context: context, dictionary: dictionary)
        }
        compressor = created
        return created.context
    }

    private func expansionContext() throws -> (context: OpaquePointer, dictionary: OpaquePointer) {
        if let expander { return expander }
        let created = try Self.dictionary.withUnsafeBytes { words in
            guard let context = ZSTD_createDCtx() else { throw Self.outOfMemory("decompress") }
            guard let dictionary = ZSTD_createDDict(words.baseAddress, words.count) else {
                ZSTD_freeDCtx(context)
                throw Self.outOfMemory("decompress")
            }
            return (context: context, dictionary: dictionary)
        }
        expander = created
        return created
    }

    private static func failure(_ call: String, _ code: Int) -> SpotlightError {
        SpotlightError(.internal, "Zstandard's \(call) failed on a stored record: \(String(cString: ZSTD_getErrorName(code)))")
    }

    private static func outOfMemory(_ call: String) -> SpotlightError {
        SpotlightError(.internal, "out of memory: no Zstandard state to \(call) a stored record with")
    }

    /// Makes the buffer hold at least `bytes`, keeping its first `kept` bytes.
    private func reserve(_ bytes: Int, keeping kept: Int) throws {
        guard bytes > capacity else { return }
        guard let grown = kept > 0 ? realloc(buffer, bytes) : malloc(bytes) else {
            throw SpotlightError(.internal, "out of memory: \(bytes) bytes to inflate a stored record into")
        }
        if kept == 0 { free(buffer) }
        buffer = grown
        capacity = bytes
    }

    private func releaseBuffer() {
        free(buffer)
        buffer = nil
        capacity = 0
    }

    private static func failure(_ call: String, _ rc: Int32, _ stream: UnsafeMutablePointer<z_stream>?) -> SpotlightError {
        let reason = stream?.pointee.msg.map { String(cString: $0) } ?? String(cString: zError(rc))
        return SpotlightError(.internal, "zlib's \(call) failed expanding a stored record: \(reason)",
                              underlying: "zlib code \(rc)")
    }
}
