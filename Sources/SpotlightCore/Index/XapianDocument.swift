internal import CXapian
import Foundation

/// A Xapian document being built for indexing, freed in `deinit`. Free text goes through
/// Xapian's term generator (English unless ``setLanguage(_:)``, STEM_SOME, with positions
/// for phrases, CJK text as n-grams).
final class XapianDocument {
    let handle: OpaquePointer
    private let subject = "a new index document"

    init() throws {
        var out: OpaquePointer? = nil
        try check(subject, "create") { cx_document_new(&out, $0) }
        handle = out!
        try check(subject, "set the word length") { cx_document_set_max_word_length(handle, TermSchema.maxWordBytes, $0) }
    }

    deinit { cx_document_destroy(handle) }

    /// Indexes `text` as free text under `prefix`, each occurrence counting `weight` times,
    /// then moves the position on so phrases never match across two calls.
    func indexText(_ text: String, prefix: String = "", weight: UInt32 = 1) throws {
        try withBytes(text) { bytes, count in
            try check(subject, "index text") { cx_document_index_text(handle, bytes, count, prefix, weight, $0) }
        }
        try check(subject, "index text") { cx_document_increase_termpos(handle, 100, $0) }
    }

    /// Indexes `text` as the field `prefix`: each word once, without positions, as its stem
    /// (`Z<prefix><stem>`), or as itself (`<prefix><word>`) in a language without a stemmer.
    /// A query reaches these terms through `cx_query_expand_wildcards`, which also matches a
    /// field's phrases on the free text.
    func indexFieldText(_ text: String, prefix: String, weight: UInt32 = 1) throws {
        try withBytes(text) { bytes, count in
            try check(subject, "index field text") {
                cx_document_index_field_text(handle, bytes, count, prefix, weight, $0)
            }
        }
    }

    /// Stems the text indexed from now on in `language` (a BCP 47 tag, see ``Languages``).
    func setLanguage(_ language: String) throws {
        try check(subject, "set the language \(language)") { cx_document_set_language(handle, language, $0) }
    }

    func addBooleanTerm(_ term: String) throws {
        try withBytes(term) { bytes, count in
            try check(subject, "add a term") { cx_document_add_boolean_term(handle, bytes, count, $0) }
        }
    }

    func setValue(_ slot: ValueSlot, _ value: [UInt8]) throws {
        try setValue(slot: slot.rawValue, value)
    }

    /// Sets a value slot by number (a property slot, see ``PropertySlots``).
    func setValue(slot: UInt32, _ value: [UInt8]) throws {
        let chars = value.map { CChar(bitPattern: $0) } + [0]   // never empty, so never a nil pointer
        try check(subject, "set value slot \(slot)") { cx_document_set_value(handle, slot, chars, value.count, $0) }
    }

    func setData(_ data: Data) throws {
        let chars = data.map { CChar(bitPattern: $0) } + [0]
        try check(subject, "set data") { cx_document_set_data(handle, chars, data.count, $0) }
    }
}

/// Xapian's `sortable_serialise`: a number as bytes whose byte order is numeric order.
func sortableSerialise(_ number: Double) -> [UInt8] {
    var buffer = [CChar](repeating: 0, count: 32)
    var length = 0
    let status = cx_sortable_serialise(number, &buffer, &length)
    precondition(status == CX_OK, "sortable_serialise cannot fail for a finite buffer")
    return buffer[..<length].map { UInt8(bitPattern: $0) }
}

/// Xapian's `sortable_unserialise`: the number ``sortableSerialise(_:)`` made the bytes from.
func sortableUnserialise(_ bytes: [UInt8]) -> Double {
    var number = 0.0
    let chars = bytes.map { CChar(bitPattern: $0) } + [0]
    _ = cx_sortable_unserialise(chars, bytes.count, &number)
    return number
}
