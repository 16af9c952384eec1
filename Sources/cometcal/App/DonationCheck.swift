import Foundation
import IntentKit
import SpotlightModel
import SpotlightKit

/// What CometCal checks before it saves a change: that spotlightd will take the record the
/// change donates. An event saved but refused by spotlightd would stay in the store and make
/// every later re-donation (`cometcal reindex`, a rebuild from apps) fail, so such input is
/// refused instead, with nothing saved. The limits are spotlightd's own (`Record.checkDonatable()`),
/// and an event's computed end must fall within years 1...9999 too.
///
/// ```swift
/// try DonationCheck.check(EventEntity(stored))   // throws for a 1 MiB title: "… the limit is 262144 bytes …"
/// ```
enum DonationCheck {
    /// The dates a record may carry: 0001-01-01T00:00:00Z through 9999-12-31T23:59:59.999Z.
    static let dates: ClosedRange<Date> = {
        guard let first = ISO8601.date(from: "0001-01-01T00:00:00Z"),
              let last = ISO8601.date(from: "9999-12-31T23:59:59.999Z") else {
            preconditionFailure("ISO8601 parses its own first and last dates")
        }
        return first...last
    }()

    /// - Parameter entity: the calendar or event about to be saved, as it will be donated.
    /// - Throws: `SpotlightError(.invalidInput)` naming the entity, the value and the limit it
    ///   goes over, and what to change.
    static func check<Entity: IndexedEntity>(_ entity: Entity) throws {
        let record = entity.record(bundle: CometCalApp.bundleIdentifier)
        do {
            try record.checkDonatable()
            for (name, value) in record.properties.sorted(by: { $0.key < $1.key }) {
                try checkDates(in: value, name: name)
            }
        } catch let error as SpotlightError {
            let title = record.title.count > 40 ? record.title.prefix(40) + "…" : record.title
            throw SpotlightError(.invalidInput, "CometCal did not save the \(Entity.typeDisplayRepresentation.name.lowercased()) \"\(title)\": "
                + "Spotlight would refuse it: \(error.message)")
        }
    }

    private static func checkDates(in value: PropertyValue, name: String) throws {
        switch value {
        case .date(let date) where !dates.contains(date):
            throw SpotlightError(.invalidInput, "\(name) is \(ISO8601.string(from: date)); dates must be within "
                + "years 1 to 9999 (0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z), and an event ends an hour "
                + "(all day: a day) after its start: choose a start that ends by 9999-12-31T23:59:59Z")
        case .array(let items):
            for item in items { try checkDates(in: item, name: name) }
        default:
            break
        }
    }
}
