import Foundation
import SpotlightModel
import SpotlightProtocol

/// An amount of money in a currency, App Intents' `IntentCurrencyAmount`. On the wire, in records
/// and in `describe` (`string`) it is the amount and the ISO 4217 code, `"12.5 USD"`.
///
/// ```swift
/// @Parameter(title: "Amount", currencyCodes: ["USD", "EUR"], inclusiveRange: (0, 1000))
/// var amount: IntentCurrencyAmount
/// let tip = IntentCurrencyAmount(amount: 2.5, currencyCode: "EUR")   // "2.5 EUR"
/// ```
public struct IntentCurrencyAmount: Hashable, Sendable {
    /// The monetary amount.
    public let amount: Decimal
    /// The ISO 4217 currency code that applies to the amount (`"USD"`).
    public let currencyCode: String

    public init(amount: Decimal, currencyCode: String) {
        self.amount = amount
        self.currencyCode = currencyCode
    }

    public static var typeDisplayRepresentation: TypeDisplayRepresentation { "Currency Amount" }
    public var displayRepresentation: DisplayRepresentation { "\(amount) \(currencyCode)" }
}

extension IntentCurrencyAmount: IntentValue {
    public static var valueType: ValueType { .string }
    public var propertyValue: PropertyValue? { .string("\(amount) \(currencyCode)") }

    /// From a `.string` with a decimal amount, a space and a three-letter code (`"12.50 USD"`).
    public static func resolve(_ value: PropertyValue) async throws -> IntentCurrencyAmount {
        guard case .string(let text) = value else {
            throw ValueConversionError.expected("a string with an amount and a currency code such as \"12.50 USD\"", got: value)
        }
        let parts = text.split(separator: " ")
        guard parts.count == 2, isDecimal(parts[0]), let amount = Decimal(string: String(parts[0])),
              parts[1].count == 3, parts[1].allSatisfy({ $0.isASCII && $0.isUppercase }) else {
            throw ValueConversionError("\"\(text)\" is not an amount and an ISO 4217 currency code such as \"12.50 USD\"")
        }
        return IntentCurrencyAmount(amount: amount, currencyCode: String(parts[1]))
    }

    private static func isDecimal(_ text: Substring) -> Bool {
        let digits = text.drop(while: { $0 == "-" || $0 == "+" })
        let halves = digits.split(separator: ".", omittingEmptySubsequences: false)
        return text.count - digits.count <= 1 && (1...2).contains(halves.count)
            && halves.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }
}

/// A parameter type `currencyCodes:` applies to: ``IntentCurrencyAmount`` and its optional.
public protocol IntentCurrencyValue: IntentValue {
    /// The amount; nil for an absent optional.
    var currencyAmount: IntentCurrencyAmount? { get }
}

extension IntentCurrencyAmount: IntentCurrencyValue {
    public var currencyAmount: IntentCurrencyAmount? { self }
}

extension Optional: IntentCurrencyValue where Wrapped: IntentCurrencyValue {
    public var currencyAmount: IntentCurrencyAmount? { self?.currencyAmount }
}

extension IntentParameter {
    /// App Intents' range of a parameter's values: `inclusiveRange: (0, 1000)`.
    public typealias InclusiveRange<Bound> = (lowerBound: Bound, upperBound: Bound)
}

extension IntentParameter where Value: IntentCurrencyValue {
    /// Apple's currency parameter. A code outside a non-empty `currencyCodes`, or an amount outside
    /// `inclusiveRange`, is refused (`invalidInput`), as Apple's editor offers no other.
    ///
    /// ```swift
    /// @Parameter(title: "Amount", currencyCodes: ["USD"], inclusiveRange: (0, 500)) var amount: IntentCurrencyAmount
    /// ```
    public convenience init(title: LocalizedStringResource, description: LocalizedStringResource? = nil,
                            default defaultValue: Value? = nil, currencyCodes: [String] = [],
                            inclusiveRange: InclusiveRange<Decimal>? = nil, requestValueDialog: IntentDialog? = nil,
                            inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.init(title: title.defaultValue, description: description?.defaultValue, default: defaultValue) { value in
            guard let money = value.currencyAmount else { return nil }
            if !currencyCodes.isEmpty, !currencyCodes.contains(money.currencyCode) {
                return "\(money.currencyCode) is not one of the parameter's currency codes \(currencyCodes.joined(separator: ", "))"
            }
            if let range = inclusiveRange, money.amount < range.lowerBound || money.amount > range.upperBound {
                return "\(money.amount) is outside \(range.lowerBound)...\(range.upperBound)"
            }
            return nil
        }
    }
}
