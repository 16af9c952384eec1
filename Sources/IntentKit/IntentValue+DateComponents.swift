import Foundation
import SpotlightModel
import SpotlightProtocol

/// `DateComponents` parameters and properties (`@Parameter(title: "Time") var time: DateComponents`).
/// On the wire, in records and in `describe` (`string`) they are ISO 8601 text of the fields set:
/// a date `2026-06-01`, `2026-06`, `2026` or `--06-01`, a time `20:30:15`, `20:30` or `20`, or both
/// joined by `T` (`2026-06-01T20:30`). Other fields (weekday, nanosecond, era, calendar, time zone)
/// are not carried. A `.date` argument gives its year through second in UTC.
///
/// ```swift
/// @Parameter(title: "Time") var time: DateComponents      // "07:45" is DateComponents(hour: 7, minute: 45)
/// ```
extension DateComponents: IntentValue {
    public static var valueType: ValueType { .string }
    public var propertyValue: PropertyValue? { .string(iso8601Text) }

    /// From an ISO 8601 `.string` in the forms above, or a `.date` (its fields in UTC).
    public static func resolve(_ value: PropertyValue) async throws -> DateComponents {
        switch value {
        case .date(let date):
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            return calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        case .string(let text):
            guard let components = DateComponents(iso8601Text: text.trimmingCharacters(in: .whitespaces)) else {
                throw ValueConversionError("\"\(text)\" is not ISO 8601 date components such as 2026-06-01, 20:30 or 2026-06-01T20:30")
            }
            return components
        default: throw ValueConversionError.expected("a string with ISO 8601 date components or a date", got: value)
        }
    }
}
