import IntentKit

/// A calendar's color; its raw value ("red") is what a test or Shortcut passes.
///
/// ```swift
/// CalendarColor(rawValue: "red")   // .red
/// ```
enum CalendarColor: String, AppEnum {
    case red, orange, yellow, green, blue, purple, brown

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Color"
    static let caseDisplayRepresentations: [CalendarColor: DisplayRepresentation] = [
        .red: "Red", .orange: "Orange", .yellow: "Yellow", .green: "Green", .blue: "Blue",
        .purple: "Purple", .brown: "Brown",
    ]
}
