import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// Apple's date parameters with `kind:` and entity parameters with `requestDisambiguationDialog:`
// (IntentParameter's initializers as App Intents' reference declares them).

struct ScheduleReminderIntent: AppIntent {
    static let title: LocalizedStringResource = "Schedule Reminder"
    @Parameter(title: "Day", kind: .date) var day: Date
    @Parameter(title: "Alarm", kind: .time, requestValueDialog: "At what time?") var alarm: DateComponents?
    @Parameter(description: "When it ends", default: nil, kind: .dateTime) var end: Date?
    @Parameter(title: "Task", requestValueDialog: "Which task?", requestDisambiguationDialog: "Which of these?")
    var task: TaskEntity

    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        let alarmText = alarm.map { "\($0.hour ?? 0):\($0.minute ?? 0)" } ?? "none"
        return .result(value: "\(task.id) on \(ISO8601.string(from: day)) alarm \(alarmText) end \(end == nil ? "none" : "set")")
    }
}

private let reminders = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [ScheduleReminderIntent.self])

@Test func dateParametersWithAKindTakeTheirValues() async throws {
    let value = try await reminders.run("ScheduleReminderIntent", [
        "day": .string("2026-06-01"), "alarm": .string("07:45"), "task": .string("milk")])
    #expect(value == .value(.string("milk on 2026-06-01T00:00:00.000Z alarm 7:45 end none")))
}

@Test func dateParametersWithAKindAreDescribedAsTheirTypes() async throws {
    let intent = try #require(await reminders.describe().intents.first)
    #expect(intent.parameters.map(\.type.description) == ["date", "string", "date", "entity:TaskEntity"])
    #expect(intent.parameters.map(\.title) == ["Day", "Alarm", "end", "Task"])
}

@Test func anEntityParameterWithADisambiguationDialogTakesTheFirstMatch() async throws {
    let value = try await reminders.run("ScheduleReminderIntent", ["day": .string("2026-06-01"), "task": .string("taxes")])
    #expect(value == .value(.string("tax on 2026-06-01T00:00:00.000Z alarm none end none")))
}
