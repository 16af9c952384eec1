import Foundation
import SpotlightModel

/// A query that finds entities by comparing their properties (App Intents'
/// `EntityPropertyQuery`): the app declares which properties can be compared and how, and
/// maps each comparison to a type of its own choosing, which its
/// ``entities(matching:mode:sortedBy:limit:)`` then applies. The harness runs it with
/// `entityDefinition.entities(matching: [.contains("title", "milk")], mode: .and, ...)`.
///
/// ```swift
/// enum TaskFilter { case titleContains(String), projectIs(String) }
///
/// struct TaskQuery: EntityPropertyQuery {
///     static let properties = QueryProperties {
///         Property(\.$title) {
///             ContainsComparator { TaskFilter.titleContains($0) }
///         }
///         Property(\.$projectName) {
///             EqualToComparator { TaskFilter.projectIs($0) }
///         }
///     }
///     static let sortingOptions = SortingOptions { SortableBy(\.$title) }
///
///     func entities(matching comparators: [TaskFilter], mode: ComparatorMode,
///                   sortedBy: [Sort<TaskEntity>], limit: Int?) async throws -> [TaskEntity] { ... }
///     func entities(for identifiers: [TaskEntity.ID]) async throws -> [TaskEntity] { ... }
/// }
/// ```
///
/// As in App Intents, `QueryProperties` is `EntityQueryProperties<Entity, ComparatorMappingType>`
/// and `SortingOptions` is `EntityQuerySortingOptions<Entity>` inside a query, so `\.$title`
/// starts at the query's entity (`\TaskEntity.$title` works too), and each comparator's
/// `mappingTransform` returns the query's `ComparatorMappingType`, which Swift infers from
/// `entities(matching:mode:sortedBy:limit:)` (so `ContainsComparator { .titleContains($0) }` works).
///
/// Swift 6 wants `static let` here (Apple's samples write `static var`). Key paths name
/// properties, and only an entity knows which property a key path reaches, so `describe` and
/// the property query need one entity of the type from `suggestedEntities()` (else
/// `allEntities()`) to name them.
public protocol EntityPropertyQuery: _ComparatorMatchingQuery {
    /// The properties that can be compared, each with its comparators.
    static var properties: EntityQueryProperties<Entity, ComparatorMappingType> { get }
    /// The properties the query can sort by. Default: none.
    static var sortingOptions: EntityQuerySortingOptions<Entity> { get }
}

/// Not API: the part of ``EntityPropertyQuery`` that fixes its `ComparatorMappingType`. It is a
/// protocol of its own so that Swift infers the mapping type from `entities(matching:mode:sortedBy:limit:)`
/// alone. Were `ComparatorMappingType` declared beside `properties`, Swift would also infer it from
/// `static let properties = QueryProperties { ... }`, whose type needs the mapping type to be known,
/// and a file that calls the query before that declaration is checked fails with "unsupported
/// recursion for reference to type alias 'QueryProperties'". The query's `Entity` is safe for the
/// same reason: ``EntityQuery`` fixes it.
public protocol _ComparatorMatchingQuery: EntityQuery {
    /// What the app maps each comparison to.
    associatedtype ComparatorMappingType
    /// The entities matching all (`.and`) or any (`.or`) of the comparisons, sorted, at most `limit`.
    func entities(matching comparators: [ComparatorMappingType], mode: EntityQueryComparatorMode,
                  sortedBy: [EntityQuerySort<Entity>], limit: Int?) async throws -> [Entity]
}

// The names App Intents gives these inside a query. `QueryProperties` and `SortingOptions`
// name the query's own entity (and mapping type), which is what lets `\.$title` infer its
// root; `Property` and `SortableBy` are left generic and take their types from the builder
// they are written in.
extension EntityPropertyQuery {
    public typealias QueryProperties = EntityQueryProperties<Entity, ComparatorMappingType>
    public typealias Property = EntityQueryProperty
    public typealias SortingOptions = EntityQuerySortingOptions<Entity>
    public typealias SortableBy = EntityQuerySortableByProperty
    public typealias ComparatorMode = EntityQueryComparatorMode
    /// `sortedBy: [Sort<TaskEntity>]`, as Apple's samples write the requirement.
    public typealias Sort<SortedEntity> = EntityQuerySort<SortedEntity>

    public static var sortingOptions: EntityQuerySortingOptions<Entity> { EntityQuerySortingOptions(options: []) }
}

/// Whether entities must match every comparison or any one.
public enum EntityQueryComparatorMode: String, Hashable, Sendable, Codable {
    case and, or
}

/// One sort of a property query: the property (a key path to its `@Property`, `\TaskEntity.$title`) and the order.
///
/// ```swift
/// for sort in sortedBy where sort.by == \TaskEntity.$title {
///     tasks.sort { sort.order == .ascending ? $0.title < $1.title : $0.title > $1.title }
/// }
/// ```
public struct EntityQuerySort<Entity>: Sendable {
    public enum Ordering: String, Hashable, Sendable, Codable {
        case ascending, descending
    }
    /// The key path as the `SortableBy` option gave it (Sendable, which `by`'s type is not).
    private let keyPath: any PartialKeyPath<Entity> & Sendable
    public let order: Ordering

    /// The key path to the property's wrapper, as the query declared it: compare with `\TaskEntity.$title`.
    public var by: PartialKeyPath<Entity> { keyPath }

    public init(by: any PartialKeyPath<Entity> & Sendable, order: Ordering = .ascending) {
        self.keyPath = by
        self.order = order
    }
}

extension EntityQuerySort where Entity: AppEntity {
    /// A sort by a `SortableBy` option's key path.
    init(option: EntityQuerySortableByProperty<Entity>, order: Ordering) {
        self.init(by: option.keyPath, order: order)
    }
}

/// The properties of a property query of `Entity` whose comparisons map to `ComparatorMappingType`.
/// Inside an ``EntityPropertyQuery`` it is `QueryProperties`, so its key paths may leave out the entity:
///
/// ```swift
/// static let properties = QueryProperties {
///     Property(\.$title) { ContainsComparator { TaskFilter.titleContains($0) } }
/// }
/// ```
public struct EntityQueryProperties<Entity: AppEntity, ComparatorMappingType>: Sendable {
    public let properties: [EntityQueryProperty<Entity, ComparatorMappingType>]

    public init(
        @EntityQueryPropertiesBuilder<Entity, ComparatorMappingType> properties: () -> [EntityQueryProperty<Entity, ComparatorMappingType>]
    ) {
        self.properties = properties()
    }
}

/// One comparable property: a key path to its `@Property` and its comparators. Written `Property`
/// in a query's `QueryProperties`, which gives it the query's entity and mapping type:
///
/// ```swift
/// Property(\.$stock) {
///     GreaterThanComparator { ItemFilter.stockAbove($0) }
///     IsBetweenComparator { ItemFilter.stockBetween($0, $1) }
/// }
/// ```
public struct EntityQueryProperty<Entity: AppEntity, ComparatorMappingType>: Sendable {
    /// Reads the property's wrapper from an entity, to learn its name.
    let wrapper: @Sendable (Entity) -> AnyObject
    let comparators: [ErasedComparator<ComparatorMappingType>]

    public init<Value: IntentValue>(
        _ keyPath: any KeyPath<Entity, EntityProperty<Value>> & Sendable,
        @EntityQueryComparatorsBuilder<Value, ComparatorMappingType>
        comparators: () -> [AnyEntityQueryComparator<Value, ComparatorMappingType>]
    ) {
        wrapper = { $0[keyPath: keyPath] }
        self.comparators = comparators().map(\.erased)
    }
}

/// A comparator with its value type erased: its kind, and how to turn wire values into the app's mapping.
struct ErasedComparator<Mapping>: Sendable {
    let kind: EntityQueryComparatorKind
    /// Converts the wire value (and the upper bound of `isBetween`) and applies the app's mapping.
    let map: @Sendable (PropertyValue, PropertyValue?) async throws -> Mapping
}

/// The comparisons a property query can make; the names are the wire's.
public enum EntityQueryComparatorKind: String, Hashable, Sendable, CaseIterable, Codable {
    case equalTo, notEqualTo, contains, hasPrefix, hasSuffix
    case lessThan, lessThanOrEqualTo, greaterThan, greaterThanOrEqualTo, isBetween
}

/// Any comparator of a property whose values are `Value`.
public struct AnyEntityQueryComparator<Value: IntentValue, Mapping>: Sendable {
    let erased: ErasedComparator<Mapping>

    init(_ kind: EntityQueryComparatorKind, _ transform: @escaping @Sendable (Value) -> Mapping) {
        erased = ErasedComparator(kind: kind) { value, _ in
            transform(try await Value.resolve(value))
        }
    }

    init(between transform: @escaping @Sendable (Value, Value) -> Mapping) {
        erased = ErasedComparator(kind: .isBetween) { lower, upper in
            guard let upper else { throw ValueConversionError("isBetween needs an upper bound") }
            return transform(try await Value.resolve(lower), try await Value.resolve(upper))
        }
    }
}

/// A comparator of a property query: compares the property with the caller's value the way
/// its `Kind` says, and maps that value to the app's own type with `mappingTransform`. Write
/// it by its App Intents name: `EqualToComparator { TaskFilter.titleIs($0) }`.
public struct EntityQueryComparator<Kind: EntityQueryComparatorKindMarker, Value: IntentValue, Mapping>: Sendable {
    let transform: @Sendable (Value) -> Mapping
    public init(mappingTransform: @escaping @Sendable (Value) -> Mapping) { transform = mappingTransform }
}

/// Names a comparator kind at the type level (``EntityQueryComparator``'s `Kind`).
public protocol EntityQueryComparatorKindMarker: Sendable {
    static var kind: EntityQueryComparatorKind { get }
}

/// The comparator kinds as types; see the `…Comparator` type aliases.
public enum EntityQueryComparators {
    public enum EqualTo: EntityQueryComparatorKindMarker { public static var kind: EntityQueryComparatorKind { .equalTo } }
    public enum NotEqualTo: EntityQueryComparatorKindMarker { public static var kind: EntityQueryComparatorKind { .notEqualTo } }
    public enum Contains: EntityQueryComparatorKindMarker { public static var kind: EntityQueryComparatorKind { .contains } }
    public enum HasPrefix: EntityQueryComparatorKindMarker { public static var kind: EntityQueryComparatorKind { .hasPrefix } }
    public enum HasSuffix: EntityQueryComparatorKindMarker { public static var kind: EntityQueryComparatorKind { .hasSuffix } }
    public enum LessThan: EntityQueryComparatorKindMarker { public static var kind: EntityQueryComparatorKind { .lessThan } }
    public enum LessThanOrEqualTo: EntityQueryComparatorKindMarker {
        public static var kind: EntityQueryComparatorKind { .lessThanOrEqualTo }
    }
    public enum GreaterThan: EntityQueryComparatorKindMarker { public static var kind: EntityQueryComparatorKind { .greaterThan } }
    public enum GreaterThanOrEqualTo: EntityQueryComparatorKindMarker {
        public static var kind: EntityQueryComparatorKind { .greaterThanOrEqualTo }
    }
}

public typealias EqualToComparator<Value: IntentValue, Mapping> = EntityQueryComparator<EntityQueryComparators.EqualTo, Value, Mapping>
public typealias NotEqualToComparator<Value: IntentValue, Mapping> = EntityQueryComparator<EntityQueryComparators.NotEqualTo, Value, Mapping>
public typealias ContainsComparator<Value: IntentValue, Mapping> = EntityQueryComparator<EntityQueryComparators.Contains, Value, Mapping>
public typealias HasPrefixComparator<Value: IntentValue, Mapping> = EntityQueryComparator<EntityQueryComparators.HasPrefix, Value, Mapping>
public typealias HasSuffixComparator<Value: IntentValue, Mapping> = EntityQueryComparator<EntityQueryComparators.HasSuffix, Value, Mapping>
public typealias LessThanComparator<Value: IntentValue, Mapping> = EntityQueryComparator<EntityQueryComparators.LessThan, Value, Mapping>
public typealias LessThanOrEqualToComparator<Value: IntentValue, Mapping> =
    EntityQueryComparator<EntityQueryComparators.LessThanOrEqualTo, Value, Mapping>
public typealias GreaterThanComparator<Value: IntentValue, Mapping> = EntityQueryComparator<EntityQueryComparators.GreaterThan, Value, Mapping>
public typealias GreaterThanOrEqualToComparator<Value: IntentValue, Mapping> =
    EntityQueryComparator<EntityQueryComparators.GreaterThanOrEqualTo, Value, Mapping>

/// `IsBetweenComparator { lower, upper in ... }`.
public struct IsBetweenComparator<Value: IntentValue, Mapping>: Sendable {
    let transform: @Sendable (Value, Value) -> Mapping
    public init(mappingTransform: @escaping @Sendable (Value, Value) -> Mapping) { transform = mappingTransform }
}

/// Builds a property's comparators, one per line.
@resultBuilder
public enum EntityQueryComparatorsBuilder<Value: IntentValue, Mapping> {
    public typealias Component = AnyEntityQueryComparator<Value, Mapping>
    public static func buildExpression<Kind>(_ c: EntityQueryComparator<Kind, Value, Mapping>) -> [Component] {
        [Component(Kind.kind, c.transform)]
    }
    public static func buildExpression(_ c: IsBetweenComparator<Value, Mapping>) -> [Component] { [Component(between: c.transform)] }
    public static func buildBlock(_ parts: [Component]...) -> [Component] { parts.flatMap { $0 } }
}

/// Builds the properties of a property query, one `Property(...)` per line.
@resultBuilder
public enum EntityQueryPropertiesBuilder<Entity: AppEntity, Mapping> {
    public typealias Component = EntityQueryProperty<Entity, Mapping>
    public static func buildExpression(_ property: Component) -> [Component] { [property] }
    public static func buildBlock(_ parts: [Component]...) -> [Component] { parts.flatMap { $0 } }
}

/// The properties a query of `Entity` sorts by. Inside an ``EntityPropertyQuery`` it is
/// `SortingOptions`, so its key paths may leave out the entity:
///
/// ```swift
/// static let sortingOptions = SortingOptions {
///     SortableBy(\.$title)
///     SortableBy(\.$dueDate)
/// }
/// ```
public struct EntityQuerySortingOptions<Entity: AppEntity>: Sendable {
    public let options: [EntityQuerySortableByProperty<Entity>]

    public init(options: [EntityQuerySortableByProperty<Entity>]) { self.options = options }

    public init(@EntityQuerySortingOptionsBuilder<Entity> options: () -> [EntityQuerySortableByProperty<Entity>]) {
        self.options = options()
    }
}

/// One property a query sorts by (`SortableBy(\.$title)` in a query's `SortingOptions`).
public struct EntityQuerySortableByProperty<Entity: AppEntity>: Sendable {
    /// The key path the sort hands to the query (`EntityQuerySort.by`).
    let keyPath: any PartialKeyPath<Entity> & Sendable
    /// Reads the property's wrapper from an entity, to learn its name.
    let wrapper: @Sendable (Entity) -> AnyObject

    public init<Value: IntentValue>(_ keyPath: any KeyPath<Entity, EntityProperty<Value>> & Sendable) {
        self.keyPath = keyPath
        wrapper = { $0[keyPath: keyPath] }
    }
}

/// Builds sorting options, one `SortableBy(...)` per line.
@resultBuilder
public enum EntityQuerySortingOptionsBuilder<Entity: AppEntity> {
    public typealias Component = EntityQuerySortableByProperty<Entity>
    public static func buildExpression(_ option: Component) -> [Component] { [option] }
    public static func buildBlock(_ parts: [Component]...) -> [Component] { parts.flatMap { $0 } }
}
