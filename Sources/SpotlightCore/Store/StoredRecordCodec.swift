internal import CZlib
import Foundation
import SpotlightModel

/// The `json` column of `records` and `batch_writes` (schema at the top of StoreSchema.swift):
/// a record's JSON text (``StoredJSON``) as a zlib stream (RFC 1950, deflate at level 1, first
/// byte 0x78), or, in a row written before store schema 4, the plain text, whose first byte is
/// `{`. A zlib stream never starts with `{` (its first byte's low four bits are 8), so the
/// first byte tells the two apart and both read.
///
/// On the Debian package corpus (63,694 records, 44.4 MB of JSON, 700 bytes each on average)
/// level 1 makes the JSON 25.3 MB and the store 37.1 MB instead of 83.5 MB, for about 17 µs per
/// record to compress and 5 µs to expand (zlib's cost per stream dominates at this size);
/// level 6 is only 1.7% smaller and 15% slower.
///
/// One codec per ``RecordStore``, used like its connection by one thread at a time. It keeps
/// its zlib streams (reset, not rebuilt, per record) and its output buffer between calls, so a
/// query's page of hits inflates without allocating, and the JSON parses straight out of the
/// buffer.
///
/// ```swift
/// let codec = StoredRecordCodec()
/// let blob = try codec.compress(try StoredJSON.encode(record))
/// let again = try blob.withUnsafeBytes { try codec.withJSON(of: $0) { try StoredJSON.decode(Record.self, from: $0) } }
/// ```
final class StoredRecordCodec {
    /// The deflate level: the fastest; see the type's comment for what it saves.
    static let level: Int32 = 1
    /// An output buffer larger than this is given back after use rather than kept.
    static let keptBufferBytes = 1 << 20

    /// Why a blob is neither JSON text nor a whole zlib stream (the caller names the record).
    struct Damage: Error, CustomStringConvertible {
        var description: String
    }

    private var deflater: UnsafeMutablePointer<z_stream>?
    private var inflater: UnsafeMutablePointer<z_stream>?
    private var buffer: UnsafeMutableRawPointer?
    private var capacity = 0

    deinit {
        if let deflater {
            deflateEnd(deflater)
            deflater.deallocate()
        }
        if let inflater {
            inflateEnd(inflater)
            inflater.deallocate()
        }
        free(buffer)
    }

    /// The stored form of a record's JSON text: its zlib stream.
    ///
    /// - Throws: `.internal` when zlib fails (out of memory).
    func compress(_ json: Data) throws -> Data {
        guard json.count < Int(UInt32.max / 2) else {
            throw SpotlightError(.internal, "a record of \(json.count) bytes is too large to store")
        }
        let stream = try deflateStream()
        defer { deflateReset(stream) }
        var out = Data(count: Int(deflateBound(stream, uLong(json.count))))
        let written = try json.withUnsafeBytes { input in
            try out.withUnsafeMutableBytes { output in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.pointee.avail_in = uInt(input.count)
                stream.pointee.next_out = output.bindMemory(to: Bytef.self).baseAddress
                stream.pointee.avail_out = uInt(output.count)
                let rc = deflate(stream, Z_FINISH)
                guard rc == Z_STREAM_END else { throw Self.failure("deflate", rc, stream) }
                return output.count - Int(stream.pointee.avail_out)
            }
        }
        out.count = written
        return out
    }

    /// Calls `body` with the JSON text a stored blob holds: the blob itself when it is plain
    /// text, else its inflated bytes in the codec's buffer, valid only during `body`.
    ///
    /// - Throws: ``Damage`` when the blob is neither (a truncated or altered stream fails its
    ///   checksum or its structure), `.internal` when zlib runs out of memory, or what `body` throws.
    func withJSON<T>(of blob: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> T) throws -> T {
        if blob.first == UInt8(ascii: "{") { return try body(blob) }
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

    private func deflateStream() throws -> UnsafeMutablePointer<z_stream> {
        if let deflater { return deflater }
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let rc = deflateInit_(stream, Self.level, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard rc == Z_OK else {
            stream.deallocate()
            throw Self.failure("deflateInit", rc, nil)
        }
        deflater = stream
        return stream
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
        return SpotlightError(.internal, "zlib's \(call) failed compressing or expanding a stored record: \(reason)",
                              underlying: "zlib code \(rc)")
    }
}
