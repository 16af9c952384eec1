import Foundation
import SpotlightKit
import SpotlightModel
import Testing

/// `CSSearchQuery`'s errors caught as Apple's documentation names them (`CSSearchQueryError`
/// and its codes), against a real spotlightd.
@Suite struct CoreSpotlightQueryErrorTests {
    @Test func aMalformedQueryStringIsAnInvalidQueryError() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        var caught: [String] = []
        for queryString in [#"title == "x"cd &&"#, #"title =="#] {
            do {
                for try await _ in CSSearchQuery(queryString: queryString, queryContext: nil, index: daemon.index()).results {}
            } catch let error as CSSearchQueryError where error.code == .invalidQuery {
                caught.append("as CSSearchQueryError")
            } catch CSSearchQueryError.invalidQuery {
                caught.append("by code")
            }
        }
        do {
            for try await _ in CSSearchQuery(queryString: "title ==", queryContext: nil, index: daemon.index()).results {}
        } catch CSSearchQueryError.invalidQuery {
            caught.append("by code")
        }
        #expect(caught == ["as CSSearchQueryError", "as CSSearchQueryError", "by code"])
    }

    @Test func aCancelledQueryEndsWithAnErrorThatMatchesCancelled() async throws {
        let daemon = try DaemonProcess(grants: ["com.example.test"])
        let query = CSSearchQuery(queryString: #"title == "*""#, queryContext: nil, index: daemon.index())
        let error: (any Error)? = await withCheckedContinuation { done in
            query.completionHandler = { done.resume(returning: $0) }
            query.cancel()
            query.start()
        }
        let matched: Bool
        switch error {
        case CSSearchQueryError.cancelled?: matched = true
        default: matched = false
        }
        #expect(matched)
        #expect(CSSearchQueryError.Code.cancelled ~= error!)
    }
}
