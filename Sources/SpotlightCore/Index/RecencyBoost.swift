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

    /// The boost ``query(now:)`` gives a document whose time is `time` (seconds since 1970).
    static func boost(at time: Double, now: Date) -> Double {
        guard time <= .greatestFiniteMagnitude else { return 0 }
        return steps.first { time >= now.timeIntervalSince1970 - $0.age }?.boost ?? 0
    }

    /// The boost every document of `database` gets from ``query(now:)`` when it is the same for
    /// all of them (the bounds of their times, and a lack of one, fall in one step): an index
    /// whose records were all donated today, or none in the last 30 days. A query can then
    /// leave the boost out and add it to every score instead: the same scores and order for
    /// less work (its value ranges are checked against each match: on tools/bench's index, all
    /// donated in one import, the match step's p50 went from 0.38-0.40 to 0.34-0.36 ms). Nil
    /// when the times spread over steps or are not known cheaply (a writer, a remote shard).
    ///
    /// ```swift
    /// if let same = try RecencyBoost.sameForEvery(in: database, now: Date()) { score += same }
    /// ```
    static func sameForEvery(in database: XapianDatabase, now: Date) throws -> Double? {
        guard let span = try database.slotSpan(.modified) else { return nil }
        guard span.valued > 0 else { return 0 }
        // Past the largest finite time the boost is 0 again: not monotonic there.
        guard !span.lowest.isNaN, span.highest <= .greatestFiniteMagnitude else { return nil }
        let boost = boost(at: span.highest, now: now)
        guard boost == self.boost(at: span.lowest, now: now) else { return nil }
        // A document without a time gets no boost.
        return span.valued == span.documents || boost == 0 ? boost : nil
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
