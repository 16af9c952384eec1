import Foundation
import SpotlightProtocol

/// Lets an entity query read the parameters of the intent it resolves a value for (App Intents'
/// `IntentParameterDependency`), as Apple's `SoupQuery` offers only soups there are enough of:
///
/// ```swift
/// struct SoupQuery: EntityStringQuery {
///     @IntentParameterDependency<OrderSoupIntent>(\.$quantity) var orderSoup
///     func entities(matching string: String) async throws -> [SoupEntity] {
///         guard let orderSoup else { return [] }
///         return SoupEntity.all.filter { $0.name.contains(string) && $0.stock >= orderSoup.quantity }
///     }
/// }
/// ```
///
/// While a run of `Intent` resolves an entity parameter through the query, `orderSoup` is that
/// intent, read by its parameters' names; anywhere else (a test calling the query itself, another
/// intent's run) it is nil. The runtime resolves an intent's entity parameters after its others,
/// so those are set. The key paths name what the query depends on; any parameter can be read.
@propertyWrapper
public final class IntentParameterDependency<Intent: AppIntent>: Sendable {
    /// The key paths given, as Apple's declaration takes them; not needed to read the intent.
    public init(_ parameters: PartialKeyPath<Intent>...) {}

    /// The intent whose entity parameter is being resolved, if it is an `Intent`.
    public var wrappedValue: IntentProjection<Intent>? {
        (IntentParameterDependencyContext.intent as? Intent).map(IntentProjection.init)
    }
}

/// An intent as a query sees it through ``IntentParameterDependency``: its parameters by name
/// (`orderSoup.quantity`, or `orderSoup.$quantity` for the parameter itself).
@dynamicMemberLookup
public struct IntentProjection<Intent: AppIntent>: Sendable {
    let intent: Intent

    public subscript<Value>(dynamicMember keyPath: KeyPath<Intent, Value>) -> Value { intent[keyPath: keyPath] }
}

/// The intent whose parameters are being resolved, for ``IntentParameterDependency``.
enum IntentParameterDependencyContext {
    @TaskLocal static var intent: (any AppIntent)?
}

extension ValueType {
    /// Whether a parameter of this type resolves through an entity query.
    var isEntity: Bool {
        switch self {
        case .entity: return true
        case .array(let element): return element.isEntity
        default: return false
        }
    }
}
