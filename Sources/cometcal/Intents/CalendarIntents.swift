import Foundation
import IntentKit

/// Creates a calendar and donates it to Spotlight.
struct CreateCalendarIntent: AppIntent {
    static let title = "Create Calendar"
    static let description = "Creates a calendar with a name and a color."

    @Parameter(title: "Name") var name: String
    @Parameter(title: "Color") var color: CalendarColor

    func perform() async throws -> some IntentResult & ReturnsValue<CalendarEntity> {
        .result(value: try await CalendarManager.shared().createCalendar(name: name, color: color))
    }
}
