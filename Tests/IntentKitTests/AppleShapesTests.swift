import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// App Intents declarations as Apple writes them compile, run and are described.

struct PlanTripIntent: AppIntent {
    static let title: LocalizedStringResource = "Plan Trip"
    static let description = IntentDescription("Plans a trip somewhere.", categoryName: "Travel")
    static let openAppWhenRun = true
    static let authenticationPolicy = IntentAuthenticationPolicy.requiresAuthentication

    @Parameter(title: LocalizedStringResource("Destination")) var destination: String
    @Parameter(title: "Nights", default: 2) var nights: Int

    static var parameterSummary: some ParameterSummary { Summary("Plan \(\.$nights) nights in \(\.$destination)") }

    func perform() async throws -> some IntentResult & ReturnsValue<String> & ProvidesDialog {
        .result(value: destination, dialog: "Enjoy \(destination)")
    }
}

struct TripShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(intent: PlanTripIntent(), phrases: ["Plan a trip with \(.applicationName)",
                                                        "Plan \(\.$destination) with \(.applicationName)"],
                    shortTitle: "Plan Trip", systemImageName: "airplane")
    }
}

struct PlaceEntity: IndexedEntity {
    static let typeDisplayRepresentation = TypeDisplayRepresentation(name: LocalizedStringResource("Place"))
    static let defaultQuery = PlaceQuery()
    let id: String
    @Property(title: "Name", indexingKey: \.displayName) var name: String
    @Property(title: "About", indexingKey: \.contentDescription) var about: String?
    @Property(indexingKey: \.namedLocation) var region: String
    @Property var isSecret: Bool

    init(id: String, name: String, about: String?, region: String, isSecret: Bool = false) {
        self.id = id
        self.name = name
        self.about = about
        self.region = region
        self.isSecret = isSecret
    }

    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "place \(id)") }
    var hideInSpotlight: Bool { isSecret }
    var attributeSet: CSSearchableItemAttributeSet {
        let attributes = CSSearchableItemAttributeSet(contentType: .text)
        attributes.keywords = ["travel", region]
        return attributes
    }
}

struct PlaceQuery: EntityQuery {
    func entities(for identifiers: [PlaceEntity.ID]) async throws -> [PlaceEntity] { [] }
}

func makeTripDispatcher() -> AppServiceDispatcher {
    AppServiceDispatcher(bundleIdentifier: "com.example.Trips", intents: [PlanTripIntent.self],
                         entities: [PlaceEntity.self], shortcuts: TripShortcuts.self)
}

@Test func localizedStringResourceTitleAndIntentDescriptionAreDescribed() async throws {
    let schema = await makeTripDispatcher().describe()
    let plan = try #require(schema.intents.first)
    #expect(plan.title == "Plan Trip")
    #expect(plan.description == "Plans a trip somewhere.")
    #expect(plan.parameters.first?.title == "Destination")
    #expect(schema.entities.first?.title == "Place")
}

@Test func intentPropertiesAndTheParameterSummaryAreDescribed() async throws {
    let plan = try #require(await makeTripDispatcher().describe().intents.first)
    #expect(plan.openAppWhenRun == true)
    #expect(plan.authenticationPolicy == "requiresAuthentication")
    #expect(plan.parameterSummary == "Plan ${nights} nights in ${destination}")
}

@Test func shortcutsAreDescribedWithTheApplicationNameResolved() async throws {
    let schema = await makeTripDispatcher().describe()
    #expect(schema.applicationName == "Trips")
    #expect(schema.shortcuts == [ShortcutSchema(intent: "PlanTripIntent",
                                                phrases: ["Plan a trip with Trips", "Plan ${destination} with Trips"],
                                                shortTitle: "Plan Trip", systemImageName: "airplane")])
}

@Test func applicationNameCanBeGiven() async throws {
    let dispatcher = AppServiceDispatcher(bundleIdentifier: "com.example.Trips", applicationName: "Trip Planner",
                                          intents: [PlanTripIntent.self], shortcuts: TripShortcuts.self)
    #expect(await dispatcher.describe().shortcuts?.first?.phrases.first == "Plan a trip with Trip Planner")
}

@Test func dialogTravelsWithTheResult() async throws {
    let result = try await makeTripDispatcher().runIntent(RunIntentParams(intent: "PlanTripIntent",
                                                                          arguments: ["destination": .string("Oslo")]))
    #expect(result.value == .value(.string("Oslo")))
    #expect(result.dialog == "Enjoy Oslo")
}

@Test func propertiesOfAnEntityTypeWithNoEntitiesAreDescribedFromTheType() async throws {
    let place = try #require(await makeTripDispatcher().describe().entities.first)
    #expect(place.properties.map(\.name) == ["name", "about", "region", "isSecret"])
    #expect(place.properties.map(\.isOptional) == [false, true, false, false])
    #expect(place.properties.map(\.type) == [.string, .string, .string, .bool])
}

@Test func indexingKeysMapPropertiesToSpotlightAttributes() {
    let record = PlaceEntity(id: "p1", name: "Fjord Cabin", about: "Quiet, by the water", region: "Vestland")
        .record(bundle: "com.example.Trips")
    #expect(record.title == "Fjord Cabin", "displayName is the title")
    #expect(record.subtitle == "Quiet, by the water", "contentDescription is the subtitle")
    #expect(record.properties["namedLocation"] == .string("Vestland"))
    #expect(record.properties["region"] == .string("Vestland"), "the property keeps its own name too")
    #expect(record.keywords == ["travel", "Vestland"], "attributeSet adds keywords")
}

@Test func hiddenEntitiesAreLeftOutOfRebuilds() async throws {
    let donated = RecordedDonations()
    let dispatcher = AppServiceDispatcher(
        bundleIdentifier: "com.example.Trips", intents: [], entities: [PlaceEntity.self],
        reindexing: Reindexing(donate: { donated.add($0) }, allEntities: {
            [PlaceEntity(id: "open", name: "Open", about: nil, region: "A"),
             PlaceEntity(id: "secret", name: "Secret", about: nil, region: "B", isSecret: true)]
        }))
    let result = try await dispatcher.reindexAll()
    #expect(result.donated == 1)
    #expect(donated.records.map(\.id) == ["open"])
}

@Test func errorThrownByPerformCarriesAnAppErrorReport() async throws {
    let error = try #require(await spotlightError { _ = try await makeDispatcher().run("FailingIntent") })
    let report = try #require(AppErrorReport(carriedBy: error))
    #expect(report.typeName == "OutOfMilk")
    #expect(report.thrownBy == "FailingIntent.perform()")
    #expect(report.description == "the fridge is out of milk")
}

final class RecordedDonations: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Record] = []
    func add(_ records: [Record]) { lock.withLock { stored += records } }
    var records: [Record] { lock.withLock { stored } }
}

struct RenameIntent: AppIntent {
    static let title: LocalizedStringResource = "Rename"
    @Parameter(title: "Name", requestValueDialog: "What should it be called?") var name: String

    func perform() async throws -> some IntentResult & ReturnsValue<String> { .result(value: name) }
}

@Test func aParameterWithARequestValueDialogTakesItsValue() async throws {
    let intent = RenameIntent()
    intent.name = "Comet"
    #expect(try await intent.perform().value == "Comet")
}

@Test func aNumericFormatWithAPlaceholderKeepsItsSpecifier() {
    let calendars = TypeDisplayRepresentation(name: "Calendar", numericFormat: "\(placeholder: .int) calendars")
    #expect(calendars.numericFormat == "%lld calendars")
    let count = 3
    #expect(String(localized: "Found \(count) calendars") == "Found 3 calendars")
}
