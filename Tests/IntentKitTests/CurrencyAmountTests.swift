import Foundation
import IntentKit
import SpotlightModel
import SpotlightProtocol
import Testing

// IntentCurrencyAmount parameters and properties, with Apple's currency parameter options.

struct SendTipIntent: AppIntent {
    static let title: LocalizedStringResource = "Send Tip"
    @Parameter(title: "Amount", currencyCodes: ["USD", "EUR"], inclusiveRange: (0, 100))
    var amount: IntentCurrencyAmount
    @Parameter(title: "Extra", default: IntentCurrencyAmount(amount: 1, currencyCode: "USD"))
    var extra: IntentCurrencyAmount?

    func perform() async throws -> some IntentResult & ReturnsValue<IntentCurrencyAmount> {
        .result(value: IntentCurrencyAmount(amount: amount.amount + (extra?.amount ?? 0), currencyCode: amount.currencyCode))
    }
}

/// An invoice known by its total.
struct InvoiceEntity: IndexedEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Invoice"
    static let defaultQuery = InvoiceQuery()
    @Property(title: "Total") var total: IntentCurrencyAmount
    var id: String { "invoice-\(total.amount)-\(total.currencyCode)" }
    var displayRepresentation: DisplayRepresentation { total.displayRepresentation }

    init(total: IntentCurrencyAmount) { self.total = total }
}

struct InvoiceQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [InvoiceEntity] { [] }
}

private let tips = AppServiceDispatcher(bundleIdentifier: testBundle, intents: [SendTipIntent.self])

@Test func aCurrencyAmountTravelsAsAnAmountAndACode() async throws {
    #expect(try await tips.run("SendTipIntent", ["amount": .string("12.50 EUR")]) == .value(.string("13.5 EUR")))
    #expect(try await tips.run("SendTipIntent", ["amount": .string("2 USD"), "extra": .string("0.25 USD")])
            == .value(.string("2.25 USD")))
}

@Test func aCurrencyAmountOutsideTheParametersCodesOrRangeIsRefused() async throws {
    let refusals = ["3 GBP": "GBP is not one of the parameter's currency codes USD, EUR",
                    "150 USD": "150 is outside 0...100", "-1 USD": "-1 is outside 0...100"]
    for (text, reason) in refusals {
        let error = await spotlightError { _ = try await tips.run("SendTipIntent", ["amount": .string(text)]) }
        #expect(error?.code == .invalidInput)
        #expect(error?.message.contains(reason) == true, "\(String(describing: error))")
    }
}

@Test func textThatIsNotACurrencyAmountIsRefused() async throws {
    for text in ["12.50", "USD 12.50", "12,50 EUR", "1e3 USD", "12.50 usd", "12. USD"] {
        let error = await spotlightError { _ = try await tips.run("SendTipIntent", ["amount": .string(text)]) }
        #expect(error?.code == .invalidInput, "\(text)")
        #expect(error?.message.contains("is not an amount and an ISO 4217 currency code") == true, "\(String(describing: error))")
    }
}

@Test func aCurrencyAmountPropertyIsDonatedAsItsText() {
    let invoice = InvoiceEntity(total: IntentCurrencyAmount(amount: Decimal(string: "99.95")!, currencyCode: "USD"))
    #expect(invoice.record(bundle: testBundle).properties["total"] == .string("99.95 USD"))
}
