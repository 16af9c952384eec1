import Foundation
import SpotlightKit
import SpotlightModel
import Testing

/// Modifiers in brackets after the operator, as Apple's File Metadata Query Expression Syntax
/// writes them (`kMDItemAuthors ==[c] "Steve"`); they were a parse error.
@Suite struct CoreSpotlightBracketModifierTests {
    @Test func modifiersInBracketsAfterTheOperatorActAsThoseAfterTheString() async throws {
        let sky = try await CoreSpotlightQueryTests.sky()
        #expect(try await CoreSpotlightQueryTests.found(#"title ==[cd] "cafe*""#, sky) == ["3"])
        #expect(try await CoreSpotlightQueryTests.found(#"kMDItemTitle ==[c] "*NOVA*""#, sky) == ["1", "2"])
        #expect(try await CoreSpotlightQueryTests.found(#"contentDescription ==[c] "tel*"w"#, sky) == ["1"])
        #expect(try await CoreSpotlightQueryTests.found(#"title !=[c] "*nova*" && seats > 0"#, sky) == ["3"])
    }

    @Test func anUnknownModifierInBracketsIsRefusedSayingWhatIsExpected() async throws {
        let sky = try await CoreSpotlightQueryTests.sky()
        let error = await #expect(throws: SpotlightError.self) {
            try await CoreSpotlightQueryTests.found(#"title ==[x] "nova""#, sky)
        }
        #expect(error?.code == .invalidInput)
        #expect(error?.message.contains("modifiers c, d or w and then ]") == true, "\(error?.message ?? "")")
    }
}
