@testable import SpotlightKit
import Testing

/// Which query strings ask spotlightd's index for their candidates (``ItemPredicate/candidateText``)
/// instead of reading every record of the app; CoreSpotlightIndexedQueryTests checks that the
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
}
