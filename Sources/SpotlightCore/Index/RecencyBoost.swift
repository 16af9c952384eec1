import Foundation
import SpotlightModel

/// The bounded recency boost: a text match gains weight by how recent its record's time
/// (slot ``ValueSlot/modified``) is, in steps:
///
/// | the record's time within | boost |
/// | --- | --- |
/// | the last day (or in the future) | 0.5 |
/// | the last 7 days | 0.25 |
/// | the last 30 days | 0.125 |
/// | older, or no time | 0 |
///
/// So the boost never exceeds ``maxBoost`` (half a ranking hint of 100) and falls off with age.
/// The record's time is its `modified` date property when the donor sets one, else the time the
/// record store last took its donation (records.donated), so recency works for every record.
///
/// ```swift
/// let boost = try RecencyBoost.query(now: Date())   // AND_MAYBE it with a text query
/// RecencyBoost.boost(ageInSeconds: 3600)           // 0.5
/// RecencyBoost.time(of: record, donated: Date())   // its `modified`, else the donation time
/// ```
enum RecencyBoost {
    /// The property (folded name) whose date is the record's time.
    static let property = "modified"
    /// (maximum age in seconds, boost) from the youngest step to the oldest.
    static let steps: [(age: Double, boost: Double)] = [(86_400, 0.5), (7 * 86_400, 0.25), (30 * 86_400, 0.125)]
    static let maxBoost = 0.5

    /// The `modified` date of `record` in seconds since 1970 (the first date of an array), or nil.
    static func modified(_ record: Record) -> Double? {
        let value = record.properties.first { TextNormalizer.fold($0.key) == property }?.value
        guard let value, let stored = PropertySlots.slotValue(value), stored.kind == .date else { return nil }
        return sortableUnserialise(stored.bytes)
    }

    /// The record's time for recency, seconds since 1970: its `modified` date property, else
    /// `donated` (when the store last took it), else nil.
    static func time(of record: Record, donated: Date?) -> Double? {
        modified(record) ?? donated?.timeIntervalSince1970
    }

    /// The boost for a record modified `ageInSeconds` ago (negative: in the future).
    static func boost(ageInSeconds age: Double) -> Double {
        steps.first { age <= $0.age }?.boost ?? 0
    }

    /// A query that gives each document the boost of its time (slot 5) at `now` and matches
    /// nothing else: one flat weight per step, filtered to that step's date range.
    static func query(now: Date) throws -> XapianQuery {
        var result = try XapianQuery.matchNothing()
        var upper = Double.greatestFiniteMagnitude
        for step in steps {
            let lower = now.timeIntervalSince1970 - step.age
            let inStep = try XapianQuery.valueRange(.modified, sortableSerialise(lower), sortableSerialise(upper))
            result = try result.combined(.or, try XapianQuery.fixedWeight(step.boost).combined(.filter, inStep))
            upper = lower.nextDown
        }
        return result
    }
}
