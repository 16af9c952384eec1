import Foundation
import IntentKit
import Testing

// URLRepresentableEnum as Apple's documentation writes it (iOS 18).

enum SettingsDestination: String, AppEnum, URLRepresentableEnum {
    case root
    case locationServices
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Destination"
    static let caseDisplayRepresentations: [SettingsDestination: DisplayRepresentation] = [
        .root: "Settings", .locationServices: "Location Services",
    ]
    static let urlRepresentation = URLRepresentation("https://example.com/root=\(.rawValue)")
}

enum LinkedDestination: String, AppEnum, URLRepresentableEnum {
    case root
    case locationServices
    case privacy
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Linked Destination"
    static let caseDisplayRepresentations: [LinkedDestination: DisplayRepresentation] = [
        .root: "Settings", .locationServices: "Location Services", .privacy: "Privacy",
    ]
    static var urlRepresentation: URLRepresentation {
        URLRepresentation([
            .root: "https://example.com/link1=\(.root)",
            .locationServices: "https://example.com/link2=\(.locationServices)",
        ])
    }
}

struct OpenSettingsIntent: URLRepresentableIntent {
    static let title: LocalizedStringResource = "Open Settings"
    static let urlRepresentation: URLRepresentation = "https://example.com/open/\(\.$destination)"
    @Parameter(title: "Destination") var destination: SettingsDestination
    func perform() async throws -> some IntentResult { .result() }
}

@Test func anEnumsURLHasTheValueInPlaceOfRawValue() async {
    #expect(await SettingsDestination.urlRepresentation.url(for: .locationServices)?.absoluteString
            == "https://example.com/root=locationServices")
    #expect(await SettingsDestination.urlRepresentation.url(for: .root)?.absoluteString == "https://example.com/root=root")
}

@Test func anEnumsURLsPerCaseNameTheirCase() async {
    #expect(await LinkedDestination.urlRepresentation.url(for: .root)?.absoluteString == "https://example.com/link1=root")
    #expect(await LinkedDestination.urlRepresentation.url(for: .locationServices)?.absoluteString
            == "https://example.com/link2=locationServices")
}

@Test func anEnumValueWithoutAURLStringHasNoURL() async {
    #expect(await LinkedDestination.urlRepresentation.url(for: .privacy) == nil)
}

@Test func anEnumInAnIntentsURLIsItsRawValue() async {
    let intent = OpenSettingsIntent()
    intent.destination = .locationServices
    #expect(await OpenSettingsIntent.urlRepresentation.url(for: intent)?.absoluteString
            == "https://example.com/open/locationServices")
}

@Test func openURLIntentTakesAnEnumsURLWhenItRuns() async throws {
    let intent = try OpenURLIntent(urlRepresentable: SettingsDestination.locationServices)
    _ = try await intent.perform()
    #expect(intent.url.absoluteString == "https://example.com/root=locationServices")
}

@Test func openURLIntentTakesAnEntitysAndAnIntentsURL() async throws {
    let note = try OpenURLIntent(urlRepresentable: LinkedNoteEntity(id: 1, contentID: "list"))
    _ = try await note.perform()
    #expect(note.url.absoluteString == "https://example.com/note=list")
    let settings = OpenSettingsIntent()
    settings.destination = .root
    let opened = try OpenURLIntent(urlRepresentable: settings)
    _ = try await opened.perform()
    #expect(opened.url.absoluteString == "https://example.com/open/root")
}

@Test func openURLIntentOfARepresentationThatMakesNoURLFailsWhenItRuns() async throws {
    let intent = try OpenURLIntent(urlRepresentable: LinkedDestination.privacy)
    let error = await spotlightError { _ = try await intent.perform() }
    #expect(error?.code == .invalidInput && error?.message.contains("LinkedDestination.privacy") == true, "\(String(describing: error))")
}
