import Foundation
import Testing
import XCTest
import IntentKitTesting

// An entity's `id` travels as text; read back, it still compares with and reads as the
// `Int` or `UUID` the app's `id` is, as Apple's typed `id` would.

private let masterKey = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!

@Test func returnedEntityIntIdentifierEqualsAnInt() async throws {
    let locker = try await fixture.intents["OpenLockerIntent"].makeIntent(number: 7).run()
    #expect(try locker.value.id == 7)
    #expect(try locker.value.id != 8)
}

@Test func returnedEntityIntIdentifierReadsAsAnInt() async throws {
    let locker = try await fixture.intents["OpenLockerIntent"].makeIntent(number: 7).run()
    let number: Int = try locker.value.id
    #expect(number == 7)
}

@Test func entityUUIDIdentifierEqualsAndReadsAsAUUID() async throws {
    let locker = try await fixture.intents["OpenLockerIntent"].makeIntent(number: 7).run()
    #expect(try locker.value.key.id == masterKey)
    let key: UUID = try locker.value.key.id
    #expect(key == masterKey)
}

@Test func stringPropertyDoesNotEqualAnIntOfTheSameDigits() async throws {
    let echoed = try await fixture.intents["EchoStringIntent"].makeIntent(value: "7").run()
    #expect(echoed.value != 7)
}

final class IdentifierValueXCTests: XCTestCase {
    func testIntIdentifierInXCTAssertEqual() async throws {
        let locker = try await fixture.intents["OpenLockerIntent"].makeIntent(number: 12).run()
        XCTAssertEqual(try locker.value.id, 12)
    }
}
