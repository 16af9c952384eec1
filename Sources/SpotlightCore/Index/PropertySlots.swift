import Foundation
import SpotlightModel

/// The value slots of typed properties: folded property name -> slot and kind, kept in the
/// index metadata (``TermSchema/Metadata/propertySlots``) so every reader agrees with the
/// writer. Slots are allocated from ``TermSchema/firstPropertySlot`` up as the writer first
/// meets a property; they are never reused or moved.
///
/// ```swift
/// let slots = try PropertySlots.load(from: database)
/// slots.entries["startdate"]   // Entry(slot: 16, kind: .number)
/// ```
struct PropertySlots {
    struct Entry: Codable, Equatable {
        var slot: UInt32
        var kind: TermSchema.PropertyKind
    }

    private(set) var entries: [String: Entry] = [:]

    static func load(from database: XapianDatabase) throws -> PropertySlots {
        guard let text = try database.metadata(TermSchema.Metadata.propertySlots) else { return PropertySlots() }
        do {
            return PropertySlots(entries: try JSONDecoder().decode([String: Entry].self, from: Data(text.utf8)))
        } catch {
            throw SpotlightError(.corrupt, "\(database.subject) has unreadable metadata "
                + "\(TermSchema.Metadata.propertySlots); rebuild the index from the record store",
                underlying: "\(error)")
        }
    }

    /// The slot for `field` holding values of `kind`, allocating one (and writing the table to
    /// `database`, uncommitted) when the property is new; nil when the property's slot holds
    /// the other kind or no slot is left.
    mutating func slot(for field: String, kind: TermSchema.PropertyKind, in database: XapianDatabase) throws -> UInt32? {
        if let entry = entries[field] { return entry.kind == kind ? entry.slot : nil }
        guard entries.count < TermSchema.maxPropertySlots else { return nil }
        let next = (entries.values.map(\.slot).max() ?? TermSchema.firstPropertySlot - 1) + 1
        entries[field] = Entry(slot: next, kind: kind)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try database.setMetadata(TermSchema.Metadata.propertySlots,
                                 String(decoding: try encoder.encode(entries), as: UTF8.self))
        return next
    }

    /// Allocates the slot of every property of `records` that has a slot value, so that
    /// documents can then be built without writing to `database` (``DocumentBuilder``).
    mutating func allocate(for records: [Record], in database: XapianDatabase) throws {
        for record in records {
            for (name, value) in record.properties {
                guard let field = RecordDocument.propertyField(name), let stored = Self.slotValue(value) else { continue }
                _ = try slot(for: field, kind: stored.kind, in: database)
            }
        }
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
