import Foundation
import SpotlightModel

/// The value slots of typed properties. Each (bundle, property, kind) has a slot of its own,
/// so one app can never change how another app's property sorts, ranges or facets; each
/// property name also has one sort slot whose values start with a kind byte, so a sort over
/// several bundles orders mixed kinds deterministically. A slot is a stable hash of its key
/// (``slot(forKey:)``), so every shard and replica numbers it alike without coordination.
///
/// The keys an index holds are listed in its metadata, one entry each
/// (``TermSchema/Metadata/slotPrefix`` + key, the value its slot), written by the writer
/// (``SearchIndex/replace(_:)-(_)``) when it first meets a key; readers and a shard front list
/// them to know which bundles and kinds have a property. A key whose slot another key already
/// holds (a hash collision) is refused: its values are not stored, and an entry under
/// ``TermSchema/Metadata/refusedSlotPrefix`` says why.
///
/// ```swift
/// let slots = try PropertySlots.load(from: database)
/// slots.entries(for: "level")   // [Entry(slot: 81270533, kind: .number, bundle: "com.a"), ...]
/// slots.sortSlot(for: "level")  // 1937751142
/// ```
struct PropertySlots {
    struct Entry: Equatable {
        var slot: UInt32
        var kind: TermSchema.PropertyKind
        var bundle: String
    }

    /// Registered key -> slot.
    private(set) var slots: [String: UInt32] = [:]
    /// Refused key -> why (its slot is held by another key).
    private(set) var refused: [String: String] = [:]
    private var holders: [UInt32: String] = [:]
    private var byField: [String: [Entry]] = [:]
    private var sortByField: [String: UInt32] = [:]

    // MARK: Keys and slots

    /// The key of the slot holding `field`'s values of `kind` for `bundle` (folded).
    static func valueKey(field: String, kind: TermSchema.PropertyKind, bundle: String) -> String {
        "p:\(kind.rawValue):\(field):\(bundle)"
    }

    /// The key of `field`'s sort slot, shared by every bundle and kind.
    static func sortKey(field: String) -> String { "s:\(field)" }

    /// The slot of a key: FNV-1a (32-bit) of its UTF-8 bytes, mapped above the fixed slots.
    static func slot(forKey key: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in key.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return TermSchema.firstPropertySlot + hash % TermSchema.propertySlotRange
    }

    /// The byte a sort slot value starts with, by kind: numbers, then dates, then text.
    static func sortTag(_ kind: TermSchema.PropertyKind) -> UInt8 {
        switch kind {
        case .number: return 1
        case .date: return 2
        case .text: return 3
        }
    }

    /// What a record stores in property slots: per typed property its value slot and its sort
    /// slot, with the key each slot belongs to. Needs no database.
    ///
    /// Long text (over ``TermSchema/longTextBytes``, a description) has no value slot, so no
    /// facet counts it, and its sort slot holds only its first ``TermSchema/longTextBytes``
    /// bytes (folded, ``sortBytes(_:)``): such values were most of the index's value data, and no facet or sort needs them
    /// whole. A search that facets or sorts on a property holding some says so
    /// (``TermSchema/longText(_:)``, `inexact`).
    static func values(of record: Record) -> [(key: String, slot: UInt32, bytes: [UInt8])] {
        let bundle = TextNormalizer.fold(record.bundle)
        var result: [(key: String, slot: UInt32, bytes: [UInt8])] = []
        for (name, value) in record.properties.sorted(by: { $0.key < $1.key }) {
            guard let field = RecordDocument.propertyField(name), let stored = slotValue(value) else { continue }
            let long = stored.kind == .text && stored.bytes.count > TermSchema.longTextBytes
            if !long {
                let valueKey = valueKey(field: field, kind: stored.kind, bundle: bundle)
                result.append((valueKey, slot(forKey: valueKey), stored.bytes))
            }
            let sortKey = sortKey(field: field)
            result.append((sortKey, slot(forKey: sortKey), [sortTag(stored.kind)] + sortBytes(stored)))
        }
        return result
    }

    /// The bytes a value sorts by after its kind byte: a number's or date's slot bytes; text
    /// folded as the title is (``TextNormalizer/fold(_:)``: no case, diacritics or normal form,
    /// so `Äpfel` sorts beside `apple`), its first ``TermSchema/longTextBytes`` bytes at most.
    /// Only the text's head is folded, four times the bytes kept: a long description costs no
    /// more than a short one. Folding rarely shortens text that much (letters each carrying
    /// several combining marks); the sort value is then shorter than the bytes kept.
    static func sortBytes(_ stored: (kind: TermSchema.PropertyKind, bytes: [UInt8])) -> ArraySlice<UInt8> {
        guard stored.kind == .text else { return stored.bytes[...] }
        let head = utf8Prefix(stored.bytes, 4 * TermSchema.longTextBytes)
        return utf8Prefix(Array(TextNormalizer.fold(String(decoding: head, as: UTF8.self)).utf8), TermSchema.longTextBytes)
    }

    /// The first `limit` bytes of UTF-8 text or fewer, cut before a character that would not fit.
    static func utf8Prefix(_ bytes: [UInt8], _ limit: Int) -> ArraySlice<UInt8> {
        guard bytes.count > limit else { return bytes[...] }
        var end = max(0, limit)
        // A continuation byte (10xxxxxx) at the cut belongs to a character that started before it.
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return bytes[..<end]
    }

    // MARK: Reading

    /// The value slots holding `field` (one per bundle and kind that has it), by slot.
    func entries(for field: String) -> [Entry] { byField[field] ?? [] }

    /// The sort slot of `field`, or nil when no record has it.
    func sortSlot(for field: String) -> UInt32? { sortByField[field] }

    /// Whether some bundle holds `field` as a number, and whether some bundle holds it as a date.
    func rangeKinds(of field: String) -> QueryRanges.Kinds {
        let entries = entries(for: field)
        return .init(number: entries.contains { $0.kind == .number }, date: entries.contains { $0.kind == .date })
    }

    /// Whether every value of `field` has its slot: false when a key of it was refused.
    func isComplete(_ field: String) -> Bool {
        !refused.keys.contains { Self.field(ofKey: $0) == field }
    }

    /// Whether a record's value for `key` goes into its slot (the key is registered, not refused).
    func accepts(_ key: String) -> Bool { slots[key] != nil }

    /// The registry of `database` (of a combined database, its first part's): one listing of
    /// metadata keys (both prefixes share `spotlight.slot`), no values read (a slot is its
    /// key's hash), so one round trip on a remote shard.
    static func load(from database: XapianDatabase) throws -> PropertySlots {
        var registry = PropertySlots()
        let prefix = TermSchema.Metadata.slotPrefix, refusedPrefix = TermSchema.Metadata.refusedSlotPrefix
        let common = String(zip(prefix, refusedPrefix).prefix { $0 == $1 }.map(\.0))
        for metadataKey in try database.metadataKeys(withPrefix: common) {
            if metadataKey.hasPrefix(refusedPrefix) {
                registry.refused[String(metadataKey.dropFirst(refusedPrefix.count))] = "refused when first met"
            } else if metadataKey.hasPrefix(prefix) {
                let key = String(metadataKey.dropFirst(prefix.count))
                registry.insert(key, slot(forKey: key))
            }
        }
        return registry
    }

    /// Why each refused key of `database` was refused (for diagnostics; reads every value).
    static func refusals(in database: XapianDatabase) throws -> [String: String] {
        let prefix = TermSchema.Metadata.refusedSlotPrefix
        var result: [String: String] = [:]
        for metadataKey in try database.metadataKeys(withPrefix: prefix) {
            result[String(metadataKey.dropFirst(prefix.count))] = try database.metadata(metadataKey) ?? ""
        }
        return result
    }

    /// The registries of several databases searched as one (a shard front): every key of any
    /// of them. Two keys holding one slot on different parts are both refused.
    static func merged(_ parts: [PropertySlots]) -> PropertySlots {
        var result = PropertySlots()
        for part in parts {
            for (key, reason) in part.refused { result.refused[key] = reason }
            for (key, slot) in part.slots.sorted(by: { $0.key < $1.key })
            where result.refused[key] == nil && result.slots[key] == nil {
                if let holder = result.holders[slot], holder != key {
                    result.remove(holder)
                    let reason = "slot \(slot) is held by both \(holder) and \(key) on different databases"
                    result.refused[holder] = reason
                    result.refused[key] = reason
                } else {
                    result.insert(key, slot)
                }
            }
        }
        return result
    }

    /// Every key's metadata entry (key, value), as ``register(_:writing:)`` wrote them.
    var metadataEntries: [(String, String)] {
        slots.sorted { $0.key < $1.key }.map { (TermSchema.Metadata.slotPrefix + $0.key, String($0.value)) }
            + refused.sorted { $0.key < $1.key }.compactMap { key, reason in
                let entry = TermSchema.Metadata.refusedSlotPrefix + key
                return entry.utf8.count <= TermSchema.maxTermBytes ? (entry, reason) : nil
            }
    }

    // MARK: Writing

    /// Registers each new key in `database` (uncommitted). A key whose slot another key holds
    /// is refused and recorded as such, so its values are never mixed with the other key's.
    ///
    /// - Returns: the keys refused now, with why (for the log).
    @discardableResult
    mutating func register(_ keys: [String], in database: XapianDatabase) throws -> [(key: String, reason: String)] {
        try register(keys) { try database.setMetadata($0, $1) }
    }

    /// ``register(_:in:)`` handing each metadata entry to write (key, value) to `write`: a
    /// bulk build registers keys before the database they go into exists.
    @discardableResult
    mutating func register(_ keys: [String],
                           writing write: (String, String) throws -> Void) throws -> [(key: String, reason: String)] {
        var refusedNow: [(key: String, reason: String)] = []
        for key in keys where slots[key] == nil && refused[key] == nil {
            let slot = Self.slot(forKey: key)
            let metadataKey = TermSchema.Metadata.slotPrefix + key
            let refusedKey = TermSchema.Metadata.refusedSlotPrefix + key
            let reason: String?
            if let holder = holders[slot] {
                reason = "slot \(slot) is held by \(holder) (a hash collision); values of \(key) are not stored"
            } else if refusedKey.utf8.count > TermSchema.maxTermBytes {
                reason = "the key is longer than \(TermSchema.maxTermBytes - TermSchema.Metadata.refusedSlotPrefix.utf8.count) bytes"
            } else {
                reason = nil
            }
            if let reason {
                refused[key] = reason
                refusedNow.append((key, reason))
                if refusedKey.utf8.count <= TermSchema.maxTermBytes { try write(refusedKey, reason) }
            } else {
                insert(key, slot)
                try write(metadataKey, String(slot))
            }
        }
        return refusedNow
    }

    private mutating func insert(_ key: String, _ slot: UInt32) {
        guard slots[key] == nil else { return }
        slots[key] = slot
        holders[slot] = key
        let parts = key.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        if parts.count == 2, parts[0] == "s" {
            sortByField[parts[1]] = slot
        } else if parts.count == 4, parts[0] == "p", let kind = TermSchema.PropertyKind(rawValue: parts[1]) {
            byField[parts[2], default: []].append(Entry(slot: slot, kind: kind, bundle: parts[3]))
            byField[parts[2]]?.sort { $0.slot < $1.slot }
        }
    }

    private mutating func remove(_ key: String) {
        guard let slot = slots.removeValue(forKey: key) else { return }
        holders[slot] = nil
        let field = Self.field(ofKey: key)
        if key.hasPrefix("s:") { sortByField[field] = nil }
        byField[field]?.removeAll { $0.slot == slot }
    }

    /// The property name of a key (`level` of `p:number:level:com.a` and of `s:level`).
    static func field(ofKey key: String) -> String {
        let parts = key.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        if parts.first == "s", parts.count >= 2 { return String(parts[1]) }
        return parts.count >= 3 ? String(parts[2]) : ""
    }

    /// The value a property stores in a slot: its kind and bytes, or nil when it has none.
    static func slotValue(_ value: PropertyValue) -> (kind: TermSchema.PropertyKind, bytes: [UInt8])? {
        switch value {
        case .int(let v): return (.number, sortableSerialise(Double(v)))
        case .double(let v): return v.isFinite ? (.number, sortableSerialise(v)) : nil
        case .date(let v): return (.date, sortableSerialise(v.timeIntervalSince1970))
        case .string(let v), .enumCase(let v): return v.isEmpty ? nil : (.text, Array(v.utf8))
        case .url(let v): return (.text, Array(v.absoluteString.utf8))
        case .bool(let v): return (.text, Array((v ? "true" : "false").utf8))
        case .array(let values): return values.lazy.compactMap(slotValue).first
        case .entity: return nil
        }
    }
}
