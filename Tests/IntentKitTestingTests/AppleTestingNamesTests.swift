import Foundation
import SpotlightModel
import Testing
import IntentKitTesting

// Members and type names of AppIntentsTesting (AnyAppEnum, AnyAppIntent, the definitions) as its reference writes them.

@Test func anEnumCasesRawValueIsSetAndTheNewCaseIsGiven() async throws {
    var flavor = fixture.enums["Flavor"].makeCase("sweet")
    flavor.rawValue = "sour"
    let result = try await fixture.intents["EchoFlavorIntent"].makeIntent(flavor: flavor).run()
    #expect(result.value == "sour")
}

@Test func anEnumCaseMadeByTypeIdentifierIsGiven() async throws {
    let salty = AnyAppEnum(typeIdentifier: "Flavor", rawValue: "salty")
    let result = try await fixture.intents["EchoFlavorIntent"].makeIntent(flavor: salty).run()
    #expect(result.value == "salty")
}

@Test func anEnumCaseMadeFromATypedValueCarriesItsText() {
    let three = AnyAppEnum(typeIdentifier: "Rating", value: 3)
    #expect(three.rawValue == "3")
    #expect(three.typeIdentifier == "Rating")
}

@Test func anEnumCasesRawValueReadsAsATypeOrThrowsSayingWhy() async throws {
    let sweet = fixture.enums["Flavor"].makeCase("sweet")
    #expect(try sweet.as(String.self) == "sweet")
    let message = await errorMessage { _ = try sweet.as(Int.self) }
    #expect(message == "Flavor.sweet's raw value \"sweet\" does not read as Int")
}

@Test func definitionsAndIntentsNameTheirTypeAsApplesDo() {
    #expect(fixture.enums["Flavor"].typeIdentifier == "Flavor")
    #expect(fixture.intents["EchoFlavorIntent"].makeIntent().identifier == "EchoFlavorIntent")
}

@Test func anEntityDefinitionNamesItsAppsBundle() {
    #expect(fixture.entities["ItemEntity"].bundleIdentifier == "com.example.IntentKitFixture")
}

@Test func definitionCollectionsHaveApplesTypeName() {
    let entities: IntentDefinitions.DefinitionCollection<AppEntityDefinition> = fixture.entities
    #expect(entities["ItemEntity"].name == "ItemEntity")
}
