import Foundation
import IntentKit

/// Asks the person what a caller of the harness cannot answer: to confirm, for a value it was
/// not given, to pick among matches, and to choose an option.
struct DiscardItemIntent: AppIntent {
    static let title = "Discard Item"
    @Parameter(title: "Item") var item: ItemEntity?
    @Parameter(title: "Search") var search: String?
    @Parameter(title: "Ask", default: false) var ask: Bool

    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        if let search {
            let matches = try await ItemQuery().entities(matching: search)
            if matches.count > 1 {
                let chosen = try await $item.requestDisambiguation(among: matches, dialog: "Which of these?")
                return .result(value: "discarded \(chosen.title)")
            }
        }
        guard let item else { throw $item.needsValueError("Which item?") }
        if ask {
            let keep = IntentChoiceOption(title: "Keep")
            _ = try await requestChoice(between: [.cancel, keep], dialog: "Discard or keep?")
        }
        try await requestConfirmation(result: .result(dialog: "Discard \(item.title)?"), confirmationActionName: .go)
        return .result(value: "discarded \(item.title)")
    }
}
