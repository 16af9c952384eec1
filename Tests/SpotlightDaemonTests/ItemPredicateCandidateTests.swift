@testable import SpotlightKit
import Testing

/// Which query strings ask spotlightd's index for their candidates (``ItemPredicate/candidateText``)
/// or read them by key (``ItemPredicate/candidateIdentifiers``) instead of reading every record of
/// the app; CoreSpotlightIndexedQueryTests and CoreSpotlightIdentifierQueryTests check that the
/// results are those of reading every record.
@Suite struct ItemPredicateCandidateTests {
    static func candidates(_ queryString: String) throws -> String? {
        try ItemPredicateParser.parse(queryString).candidateText
    }

    @Test func aDomainComparisonAsksTheIndexForThatDomain() throws {
        #expect(try Self.candidates(#"domainIdentifier == "calendar.home""#) == "domain:calendar.home")
        #expect(try Self.candidates(#"kMDItemDomainIdentifier == "calendar.home.*" && title == "*nova*"c"#) == "domain:calendar.home")
        #expect(try Self.candidates(#"domainIdentifier == "b" || domainIdentifier == "a""#) == "domain:a domain:b")
    }

    @Test(arguments: [
        #"title == "nova*"cdw"#, #"domainIdentifier == "calendar.home"c"#, #"domainIdentifier == "calendar.ho*""#,
        #"!(domainIdentifier == "calendar.home")"#, #"domainIdentifier == "a" || title == "b""#,
        #"domainIdentifier == "a b""#, #"domainIdentifier != "a""#,
    ])
    func aFormWithoutASupersetInTheIndexReadsEveryRecord(_ queryString: String) throws {
        #expect(try Self.candidates(queryString) == nil)
    }

    static func identifiers(_ queryString: String) throws -> [String]? {
        try ItemPredicateParser.parse(queryString).candidateIdentifiers
    }

    @Test func anIdentifierComparisonIsReadByKey() throws {
        #expect(try Self.identifiers(#"uniqueIdentifier == "event-42""#) == ["event-42"])
        #expect(try Self.identifiers(#"kMDItemUniqueIdentifier == "a" || uniqueIdentifier == "b""#) == ["a", "b"])
        #expect(try Self.identifiers(#"uniqueIdentifier == "a" && title == "*nova*"c"#) == ["a"])
        #expect(try Self.identifiers(#"uniqueIdentifier == "a\*b""#) == ["a*b"])
        let precomposed = "caf\u{E9}", combining = "cafe\u{301}"
        let both = try #require(try Self.identifiers(#"uniqueIdentifier == "\#(precomposed)" || uniqueIdentifier == "\#(combining)""#))
        #expect(both.map { Array($0.utf8) } == [Array(combining.utf8), Array(precomposed.utf8)])
    }

    @Test(arguments: [
        #"uniqueIdentifier == "a*""#, #"uniqueIdentifier == "a?""#, #"uniqueIdentifier == "a"c"#,
        #"uniqueIdentifier != "a""#, #"uniqueIdentifier == "a" || title == "b""#, #"!(uniqueIdentifier == "a")"#,
        #"uniqueIdentifier == "a" || domainIdentifier == "b""#, #"title == "a""#,
    ])
    func anIdentifierFormThatIsNotAKeyIsNotReadByKey(_ queryString: String) throws {
        #expect(try Self.identifiers(queryString) == nil)
    }
}
