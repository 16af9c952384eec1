import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// DateComponents parameters and properties, as Apple's docs declare a time of day.

struct SetWakeUpTimeIntent: AppIntent {
    static let title: LocalizedStringResource = "Set Wake-Up Time"
    @Parameter(title: "Time") var time: DateComponents

    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        .result(value: "\(time.hour ?? -1)h\(time.minute ?? -1)m, day \(time.day ?? -1)")
    }
}

struct EchoComponentsIntent: AppIntent {
    static let title: LocalizedStringResource = "Echo Components"
    @Parameter(title: "When", default: DateComponents(month: 12, day: 24)) var when: DateComponents

    func perform() async throws -> some IntentResult & ReturnsValue<DateComponents> { .result(value: when) }
}

struct AlarmEntity: IndexedEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Alarm"
    static let defaultQuery = AlarmQuery()
    let id: String
    @Property(title: "Time") var time: DateComponents
    var displayRepresentation: DisplayRepresentation { "\(id)" }

    init(id: String, time: DateComponents) {
        self.id = id
        self.time = time
    }
}

struct AlarmQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [AlarmEntity] { [] }
}

private let alarms = AppServiceDispatcher(bundleIdentifier: testBundle,
                                          intents: [SetWakeUpTimeIntent.self, EchoComponentsIntent.self])

@Test func aTimeOfDayReachesTheIntentAsHourAndMinute() async throws {
    #expect(try await alarms.run("SetWakeUpTimeIntent", ["time": .string("07:45")]) == .value(.string("7h45m, day -1")))
}

@Test func dateComponentsTravelAsISO8601TextOfTheFieldsSet() async throws {
    #expect(try await alarms.run("EchoComponentsIntent") == .value(.string("--12-24")))
    for text in ["2026-06-01T20:30:15", "2026-06", "2026", "20", "2026-06-01T07"] {
        #expect(try await alarms.run("EchoComponentsIntent", ["when": .string(text)]) == .value(.string(text)))
    }
}

@Test func aDateGivenForDateComponentsIsItsFieldsInUTC() async throws {
    let date = try #require(ISO8601.date(from: "2026-06-01T20:30:00Z"))
    #expect(try await alarms.run("EchoComponentsIntent", ["when": .date(date)]) == .value(.string("2026-06-01T20:30:00")))
}

@Test func textThatIsNotDateComponentsIsRefused() async throws {
    for text in ["25:00", "7:45", "2026-13-01", "tomorrow", "2026-06-01T"] {
        let error = await spotlightError { _ = try await alarms.run("SetWakeUpTimeIntent", ["time": .string(text)]) }
        #expect(error?.code == .invalidInput, "\(text)")
        #expect(error?.message.contains("is not ISO 8601 date components") == true, "\(String(describing: error))")
    }
}

@Test func aDateComponentsPropertyIsDonatedAsItsText() {
    let alarm = AlarmEntity(id: "weekday", time: DateComponents(hour: 6, minute: 5))
    #expect(alarm.record(bundle: testBundle).properties["time"] == .string("06:05"))
}
