import Foundation
import Testing
import SpotlightCore
import SpotlightModel

@Suite struct StoreDeleteTests {
    @Test func deleteByIDsRemovesOnlyThoseThatExist() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.upsert([storeRecord("1"), storeRecord("2"), storeRecord("3")])
        let outcome = try store.delete(.ids(bundle: "b", type: "T", ids: ["1", "3", "missing"]))
        #expect(outcome.changed.map(\.id) == ["1", "3"])
        #expect(try store.allIDs() == ["2"])
    }

    @Test func deleteByDomainCoversSubdomainsButNotSiblings() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.upsert([
            storeRecord("same", domain: "a.b"), storeRecord("sub", domain: "a.b.c"),
            storeRecord("sibling", domain: "a.bc"), storeRecord("parent", domain: "a"),
            storeRecord("none"), storeRecord("other-bundle", bundle: "o", domain: "a.b"),
        ])
        let outcome = try store.delete(.domain(bundle: "b", domain: "a.b"))
        #expect(Set(outcome.changed.map(\.id)) == ["same", "sub"])
        #expect(try store.allIDs() == ["none", "other-bundle", "parent", "sibling"])
    }

    @Test(arguments: ["a%", "a_"])
    func deleteByDomainTreatsLikeWildcardsAsPlainCharacters(domain: String) throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.upsert([
            storeRecord("match", domain: domain), storeRecord("sub", domain: domain + ".x"),
            storeRecord("wild1", domain: "ab"), storeRecord("wild2", domain: "ab.x"),
        ])
        _ = try store.delete(.domain(bundle: "b", domain: domain))
        #expect(try store.allIDs() == ["wild1", "wild2"])
    }

    @Test func deleteByTypeKeepsOtherTypes() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.upsert([storeRecord("1", type: "A"), storeRecord("2", type: "B"),
                              storeRecord("3", bundle: "o", type: "A")])
        _ = try store.delete(.type(bundle: "b", type: "A"))
        #expect(try store.allIDs() == ["2", "3"])
    }

    @Test func deleteByBundleKeepsOtherBundles() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.upsert([storeRecord("1", bundle: "x"), storeRecord("2", bundle: "x", type: "U"),
                              storeRecord("3", bundle: "y")])
        let outcome = try store.delete(.bundle("x"))
        #expect(outcome.changed.count == 2)
        #expect(try store.allIDs() == ["3"])
    }

    @Test func deleteMatchingNothingKeepsTheSequence() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        _ = try store.upsert([storeRecord("1")])
        let outcome = try store.delete(.type(bundle: "b", type: "Nope"))
        #expect(outcome == StoreWriteOutcome(sequence: 1, changed: []))
    }

    @Test func deleteByEmptyDomainIsInvalidInput() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        #expect { try store.delete(.domain(bundle: "b", domain: "")) } throws: {
            ($0 as? SpotlightError)?.code == .invalidInput
        }
    }
}
