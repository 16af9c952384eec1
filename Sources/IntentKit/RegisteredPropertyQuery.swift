import Foundation
import SpotlightModel
import SpotlightProtocol

/// An entity type's `EntityPropertyQuery` as the dispatcher keeps it: its schema, and how to
/// run a property query given on the wire. Both name properties, which only an entity can
/// tell (a key path reaches a property's wrapper; the entity's reflection names it).
struct RegisteredPropertyQuery: Sendable {
    let schema: @Sendable (_ sample: (any AppEntity)?) -> PropertyQuerySchema?
    let run: @Sendable (_ params: PropertyQueryParams, _ sample: (any AppEntity)?) async throws -> [any AppEntity]

    init<Query: EntityPropertyQuery>(_ query: Query) {
        schema = { sample in
            guard let entity = sample as? Query.Entity else { return nil }
            let properties = Query.properties.properties.compactMap { property in
                Self.name(of: property.wrapper, in: entity).map {
                    QueryPropertySchema(name: $0, comparators: property.comparators.map(\.kind.rawValue))
                }
            }
            let sortable = Query.sortingOptions.options.compactMap { Self.name(of: $0.wrapper, in: entity) }
            return PropertyQuerySchema(properties: properties, sortableBy: sortable)
        }
        run = { params, sample in
            try await Self.run(query, params, sample)
        }
    }

    private static func run<Query: EntityPropertyQuery>(_ query: Query, _ params: PropertyQueryParams,
                                                        _ sample: (any AppEntity)?) async throws -> [any AppEntity] {
        let typeName = Query.Entity.typeName
        guard let entity = sample as? Query.Entity else {
            throw SpotlightError(.unavailable, "\(typeName)'s property query names its properties by key path, and "
                + "IntentKit learns their names from an entity of the type; \(typeName)'s suggestedEntities() and "
                + "allEntities() returned none, so make one of them return entities")
        }
        let named = Query.properties.properties.map { (name: name(of: $0.wrapper, in: entity), property: $0) }
        var mappings: [Query.ComparatorMappingType] = []
        for comparison in params.comparisons {
            guard let property = named.first(where: { $0.name == comparison.property })?.property else {
                throw SpotlightError(.invalidInput, "\(typeName)'s property query has no property '\(comparison.property)'; "
                    + "its properties are " + named.compactMap(\.name).joined(separator: ", "))
            }
            guard let comparator = property.comparators.first(where: { $0.kind.rawValue == comparison.comparator }) else {
                throw SpotlightError(.invalidInput, "\(typeName).\(comparison.property) has no comparator "
                    + "'\(comparison.comparator)'; its comparators are "
                    + property.comparators.map(\.kind.rawValue).joined(separator: ", "))
            }
            do {
                mappings.append(try await comparator.map(comparison.value, comparison.upperBound))
            } catch let error as ValueConversionError {
                throw SpotlightError(error.code, "\(typeName).\(comparison.property) \(comparison.comparator): "
                    + "\(comparison.value.displayText) does not convert: \(error.reason)")
            }
        }
        guard let mode = EntityQueryComparatorMode(rawValue: params.mode) else {
            throw SpotlightError(.invalidInput, "a property query's mode is \"and\" or \"or\", not \"\(params.mode)\"")
        }
        var sorts: [EntityQuerySort<Query.Entity>] = []
        for sort in params.sortedBy {
            guard let option = Query.sortingOptions.options.first(where: { name(of: $0.wrapper, in: entity) == sort.property }) else {
                let sortable = Query.sortingOptions.options.compactMap { name(of: $0.wrapper, in: entity) }
                throw SpotlightError(.invalidInput, "\(typeName)'s property query cannot sort by '\(sort.property)'; "
                    + "it sorts by " + (sortable.isEmpty ? "nothing" : sortable.joined(separator: ", ")))
            }
            guard let order = EntityQuerySort<Query.Entity>.Ordering(rawValue: sort.order) else {
                throw SpotlightError(.invalidInput, "a sort's order is \"ascending\" or \"descending\", not \"\(sort.order)\"")
            }
            sorts.append(EntityQuerySort(option: option, order: order))
        }
        try await DependencyResolution.resolve(in: query, ownerName: String(describing: Query.self))
        do {
            return try await query.entities(matching: mappings, mode: mode, sortedBy: sorts, limit: params.limit)
        } catch {
            let thrower = "\(typeName).defaultQuery.entities(matching:mode:sortedBy:limit:)"
            throw IntentInvocation.failure(error, thrownBy: thrower)
        }
    }

    /// The name of the `@Property` whose wrapper `wrapper` reads from `entity`.
    static func name<Entity: AppEntity>(of wrapper: (Entity) -> AnyObject, in entity: Entity) -> String? {
        let object = wrapper(entity)
        return EntityReflection.properties(of: entity).first { $0.property === object }?.name
    }
}
