import SpotlightModel

/// The bounds on what one `donate` call may carry (docs/protocol.md, "Limits"). A donation
/// over a bound is refused whole with `.invalidInput` naming the bound and what to do; nothing
/// of it is stored. `spotlightctl import` checks each line against them, to skip only that line.
///
/// ```swift
/// try DonationLimits.standard.check(records)   // throws for 10 001 records
/// ```
public struct DonationLimits: Sendable {
    /// Records in one donation.
    public var maxRecords = 10_000
    /// One text value: the title, the subtitle, one synonym or keyword, one id, or one
    /// property value (an array counts as the sum of its elements), in UTF-8 bytes.
    public var maxValueBytes = 256 << 10
    /// One whole record: every text value above together, in UTF-8 bytes.
    public var maxRecordBytes = 1 << 20
    /// Named properties on one record.
    public var maxProperties = 1_000

    public static let standard = DonationLimits()

    public init() {}

    /// - Throws: `.invalidInput` naming the first bound a donation goes over.
    public func check(_ records: [Record]) throws {
        guard records.count <= maxRecords else {
            throw SpotlightError(.invalidInput, "a donation holds \(records.count) records; the limit is "
                + "\(maxRecords) per donation: split into batches of ≤ \(maxRecords)")
        }
        for record in records { try check(record) }
    }

    /// - Throws: `.invalidInput` naming the first bound `record` goes over.
    public func check(_ record: Record) throws {
        guard record.properties.count <= maxProperties else {
            throw SpotlightError(.invalidInput, "record \(record.key.brief) has \(record.properties.count) properties; "
                + "the limit is \(maxProperties) per record: keep the ones people search or sort by")
        }
        var total = 0
        func add(_ name: String, _ bytes: Int) throws {
            guard bytes <= maxValueBytes else {
                throw SpotlightError(.invalidInput, "record \(record.key.brief): \(name) is \(bytes) bytes; the limit is "
                    + "\(maxValueBytes) bytes per value: shorten it or keep the full text in the app")
            }
            total += bytes
        }
        try add("id", record.id.utf8.count)
        try add("title", record.title.utf8.count)
        try add("subtitle", record.subtitle?.utf8.count ?? 0)
        for (n, synonym) in record.synonyms.enumerated() { try add("synonyms[\(n)]", synonym.utf8.count) }
        for (n, keyword) in record.keywords.enumerated() { try add("keywords[\(n)]", keyword.utf8.count) }
        for (name, value) in record.properties {
            try add("property \(name)", name.utf8.count + Self.size(of: value))
        }
        guard total <= maxRecordBytes else {
            throw SpotlightError(.invalidInput, "record \(record.key.brief) carries \(total) bytes of text; the limit is "
                + "\(maxRecordBytes) bytes per record: shorten its values or split it into several records")
        }
    }

    /// The bytes a property value carries (text in UTF-8; 8 per number, date or flag).
    public static func size(of value: PropertyValue) -> Int {
        switch value {
        case .string(let s), .enumCase(let s): s.utf8.count
        case .url(let url): url.absoluteString.utf8.count
        case .entity(let reference): reference.type.utf8.count + reference.id.utf8.count
        case .array(let items): items.reduce(0) { $0 + size(of: $1) }
        case .int, .double, .bool, .date: 8
        }
    }
}
