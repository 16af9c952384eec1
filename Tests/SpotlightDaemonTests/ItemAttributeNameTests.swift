import SpotlightModel
@testable import SpotlightKit
import Testing

/// How a query string's attribute names reach a record's values (``ItemAttributes/values(_:of:)``).
@Suite struct ItemAttributeNameTests {
    static let record = Record(bundle: "com.example.names", type: "Event", id: "1", title: "Nova",
                               properties: ["kMDItem": .string("prefix alone")])

    @Test func aMetadataKeyNameReadsItsAttribute() throws {
        #expect(try ItemPredicateParser.parse(#"kMDItemTitle == "nova"c"#).matches(Self.record))
    }

    @Test func theBareMetadataPrefixIsAPropertyOfThatNameNotAnEndlessLookUp() throws {
        // It once looked itself up again for ever: a stack overflow in the app's process (tools/fuzz predicate).
        #expect(try ItemPredicateParser.parse(#"kMDItem == "prefix*""#).matches(Self.record))
        #expect(try !ItemPredicateParser.parse(#"kMDItem == "a??""#).matches(Self.record))
    }
}
