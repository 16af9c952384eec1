@_spi(Reflection) import Swift
import Foundation
import Synchronization
import SpotlightKit
import SpotlightModel
import SpotlightProtocol

/// A property of an ``AppEntity`` that queries return and donations carry.
/// Write it `@Property(title:)`.
///
/// ```swift
/// @Property(title: "Start date") var startDate: Date
/// @Property(title: "Location") var location: String?
/// ```
///
/// Like App Intents' `EntityProperty` it is a class: copies of an entity share it.
@propertyWrapper
public final class EntityProperty<Value: IntentValue>: Sendable {
    /// The title people see; empty when none was given (`describe` then uses the property's name).
    public let title: String
    /// The Spotlight attribute a donation maps the property to (`indexingKey: \.contentDescription`).
    public let indexingKey: String?
    private let storage: Mutex<Value?>
    /// The value read from the entity, for a `@ComputedProperty`; nil for a stored property.
    private let computed: (@Sendable (Any) -> Value?)?
    /// The value fetched from the entity, for a `@DeferredProperty`.
    private let deferred: (@Sendable (Any) async throws -> Value?)?

    public init(title: String) {
        self.title = title
        self.indexingKey = nil
        self.storage = Mutex(nil)
        self.computed = nil
        self.deferred = nil
    }

    public init(wrappedValue: Value, title: String) {
        self.title = title
        self.indexingKey = nil
        self.storage = Mutex(wrappedValue)
        self.computed = nil
        self.deferred = nil
    }

    /// `@Property var name: String`: no title.
    public convenience init() { self.init(title: "") }

    /// `@Property var name: String = "Untitled"`: no title.
    public convenience init(wrappedValue: Value) { self.init(wrappedValue: wrappedValue, title: "") }

    /// `@Property(title: LocalizedStringResource)`, as App Intents declares it.
    public convenience init(title: LocalizedStringResource) { self.init(title: title.defaultValue) }

    /// `@Property(title: "Notes", indexingKey: \.contentDescription)`: donated also as that
    /// Spotlight attribute (see ``SearchableItemAttributes`` for what each attribute becomes).
    public init(title: LocalizedStringResource, indexingKey: PartialKeyPath<CSSearchableItemAttributeSet>) {
        self.title = title.defaultValue
        self.indexingKey = SearchableItemAttributes.name(of: indexingKey)
        self.storage = Mutex(nil)
        self.computed = nil
        self.deferred = nil
    }

    /// `@Property(indexingKey: \.displayName)`: no title, donated also as that Spotlight attribute.
    public convenience init(indexingKey: PartialKeyPath<CSSearchableItemAttributeSet>) {
        self.init(title: "", indexingKey: indexingKey)
    }

    /// `@Property(title: "Series", customIndexingKey: CSCustomAttributeKey(keyName: "bookSeries")!)`:
    /// donated also as that custom Spotlight attribute, a property of the key's name (`bookSeries:earthsea`
    /// finds it), as `attributes.setValue(_:forCustomKey:)` would.
    public init(title: LocalizedStringResource, customIndexingKey: CSCustomAttributeKey) {
        self.title = title.defaultValue
        self.indexingKey = customIndexingKey.keyName
        self.storage = Mutex(nil)
        self.computed = nil
        self.deferred = nil
    }

    /// `@Property(customIndexingKey: key)`: no title, donated also as that custom Spotlight attribute.
    public convenience init(customIndexingKey: CSCustomAttributeKey) {
        self.init(title: "", customIndexingKey: customIndexingKey)
    }

    /// The property `@ComputedProperty` makes of a computed property of an entity, read from the
    /// entity through `getter` (App Intents' `init(identifier:title:getter:)`): write
    /// `@ComputedProperty var menuItems: [MenuItem] { model.menuItems }` rather than calling it.
    public convenience init<Entity: AppEntity>(identifier: String, title: LocalizedStringResource? = nil,
                                               getter: any KeyPath<Entity, Value> & Sendable) {
        self.init(title: title, indexingKeyName: nil, getter: getter)
    }

    /// The property `@ComputedProperty(indexingKey: \.contentDescription)` makes: donated also as
    /// that Spotlight attribute, as `@Property(indexingKey:)` is.
    public convenience init<Entity: AppEntity>(identifier: String, title: LocalizedStringResource? = nil,
                                               indexingKey: PartialKeyPath<CSSearchableItemAttributeSet>,
                                               getter: any KeyPath<Entity, Value> & Sendable) {
        self.init(title: title, indexingKeyName: SearchableItemAttributes.name(of: indexingKey), getter: getter)
    }

    /// The property `@ComputedProperty(customIndexingKey: key)` makes: donated also as that custom
    /// Spotlight attribute, as `@Property(customIndexingKey:)` is.
    public convenience init<Entity: AppEntity>(identifier: String, title: LocalizedStringResource? = nil,
                                               customIndexingKey: CSCustomAttributeKey,
                                               getter: any KeyPath<Entity, Value> & Sendable) {
        self.init(title: title, indexingKeyName: customIndexingKey.keyName, getter: getter)
    }

    private init<Entity: AppEntity>(title: LocalizedStringResource?, indexingKeyName: String?,
                                    getter: any KeyPath<Entity, Value> & Sendable) {
        self.title = title?.defaultValue ?? ""
        self.indexingKey = indexingKeyName
        self.storage = Mutex(nil)
        self.computed = { ($0 as? Entity).map { $0[keyPath: getter] } }
        self.deferred = nil
    }

    /// The property `@DeferredProperty` makes of an entity's `async` computed property, fetched
    /// through `asyncGetter` only when a caller asks for the entity (App Intents'
    /// `init(identifier:title:asyncGetter:)`): write the macro rather than calling it.
    public init<Entity: AppEntity>(identifier: String, title: LocalizedStringResource? = nil,
                                   asyncGetter: @escaping @Sendable (Entity) async throws -> Value) {
        self.title = title?.defaultValue ?? ""
        self.indexingKey = nil
        self.storage = Mutex(nil)
        self.computed = nil
        self.deferred = { entity in
            guard let entity = entity as? Entity else { return nil }
            return try await asyncGetter(entity)
        }
    }

    /// `$title`: the property itself, for key paths in a property query.
    public var projectedValue: EntityProperty<Value> { self }

    public var wrappedValue: Value {
        get {
            if let value = storage.withLock({ $0 }) ?? Value.valueWhenAbsent { return value }
            fatalError("@Property \"\(title)\" was read before it was set; set it in the entity's init")
        }
        set { storage.withLock { $0 = newValue } }
    }
}

/// The App Intents spelling: `@Property(title:)`.
public typealias Property = EntityProperty

/// Makes a computed property of an entity one of its properties (App Intents 2025), as
/// `@Property` does a stored one: in queries' records, donations, `describe` and property
/// queries (`$menuItems`). The entity's type must declare it (not an extension).
///
/// ```swift
/// struct Restaurant: AppEntity {
///     var model: Menu
///     @ComputedProperty(title: "Menu") var menuItems: [String] { model.items.map(\.name) }
/// }
/// ```
@attached(peer, names: prefixed(_), prefixed(`$`))
public macro ComputedProperty(title: LocalizedStringResource? = nil, description: LocalizedStringResource? = nil,
                              authenticationPolicy: IntentAuthenticationPolicy? = nil)
    = #externalMacro(module: "IntentKitMacros", type: "ComputedPropertyMacro")

/// A computed entity property donated also as a Spotlight attribute (App Intents 2025):
/// `@ComputedProperty(indexingKey: \.contentDescription) var summary: String { … }`.
@attached(peer, names: prefixed(_), prefixed(`$`))
public macro ComputedProperty(title: LocalizedStringResource? = nil, description: LocalizedStringResource? = nil,
                              authenticationPolicy: IntentAuthenticationPolicy? = nil,
                              indexingKey: PartialKeyPath<CSSearchableItemAttributeSet>)
    = #externalMacro(module: "IntentKitMacros", type: "ComputedPropertyMacro")

/// A computed entity property donated also as a custom Spotlight attribute (App Intents 2025):
/// `@ComputedProperty(customIndexingKey: CSCustomAttributeKey(keyName: "cuisine")!) var cuisine: String { … }`.
@attached(peer, names: prefixed(_), prefixed(`$`))
public macro ComputedProperty(title: LocalizedStringResource? = nil, customIndexingKey: CSCustomAttributeKey)
    = #externalMacro(module: "IntentKitMacros", type: "ComputedPropertyMacro")

/// Makes an entity's `async` computed property one of its properties (App Intents 2025), fetched
/// only when a caller asks for the entity (the app service's queries, and so the test
/// harness's `entities(for:)`), never for donations, which carry the entity's other properties.
///
/// ```swift
/// struct Restaurant: AppEntity {
///     @DeferredProperty var reviews: [String] {
///         get async throws { try await ReviewService.shared.reviews(for: id) }
///     }
/// }
/// ```
@attached(peer, names: prefixed(_), prefixed(`$`))
public macro DeferredProperty(title: LocalizedStringResource? = nil, description: LocalizedStringResource? = nil,
                              authenticationPolicy: IntentAuthenticationPolicy? = nil)
    = #externalMacro(module: "IntentKitMacros", type: "DeferredPropertyMacro")

/// What the runtime reads from an entity's `@Property`s, whatever their value type.
protocol EntityPropertySlot: AnyObject, Sendable {
    var title: String { get }
    var indexingKey: String? { get }
    var currentPropertyValue: PropertyValue? { get }
    /// The value `entity` (the entity holding this property) has: the stored one, or for a
    /// `@ComputedProperty` the one read from the entity.
    func propertyValue(in entity: Any) -> PropertyValue?
    /// Whether the value is fetched only when a caller asks for the entity (`@DeferredProperty`):
    /// ``propertyValue(in:)`` is then nil, and ``deferredValue(in:)`` fetches it.
    var isDeferred: Bool { get }
    func deferredValue(in entity: Any) async throws -> PropertyValue?
    var valueType: ValueType { get }
    var isOptional: Bool { get }
}

extension EntityProperty: EntityPropertySlot {
    var currentPropertyValue: PropertyValue? { storage.withLock { $0 }?.propertyValue }
    func propertyValue(in entity: Any) -> PropertyValue? {
        if deferred != nil { return nil }
        guard let computed else { return currentPropertyValue }
        return computed(entity)?.propertyValue
    }
    var isDeferred: Bool { deferred != nil }
    func deferredValue(in entity: Any) async throws -> PropertyValue? {
        try await deferred?(entity)?.propertyValue
    }
    var valueType: ValueType { Value.valueType }
    var isOptional: Bool { Value.valueWhenAbsent != nil }
}

/// What the runtime knows of a `@Property` from its type alone, without an entity.
protocol EntityPropertyType {
    static var propertyValueType: ValueType { get }
    /// The enum the property holds (or an optional or array of), else nil.
    static var propertyEnumSchema: EnumSchema? { get }
    static var propertyIsOptional: Bool { get }
}

extension EntityProperty: EntityPropertyType {
    static var propertyValueType: ValueType { Value.valueType }
    static var propertyEnumSchema: EnumSchema? { Value.enumSchema }
    static var propertyIsOptional: Bool { Value.valueWhenAbsent != nil }
}

/// Finds property wrappers by reflection: a child labelled `_name` is the wrapper of `name`.
enum EntityReflection {
    static func properties(of entity: Any) -> [(name: String, property: any EntityPropertySlot)] {
        wrappers(of: entity, as: (any EntityPropertySlot).self)
    }

    static func wrappers<Slot>(of value: Any, as: Slot.Type) -> [(name: String, property: Slot)] {
        Mirror(reflecting: value).children.compactMap { child in
            guard let label = child.label, label.hasPrefix("_"), let slot = child.value as? Slot else { return nil }
            return (String(label.dropFirst()), slot)
        }
    }


    /// The enums an entity type's `@Property`s hold, in declaration order, read from the type's
    /// field metadata as ``schema(of:sample:)`` reads the properties.
    static func enumSchemas(of type: Any.Type) -> [EnumSchema] {
        var found: [EnumSchema] = []
        let options = type is AnyClass ? _EachFieldOptions(rawValue: 1) : []
        _ = _forEachField(of: type, options: options) { label, _, fieldType, _ in
            if String(cString: label).hasPrefix("_"), let property = fieldType as? any EntityPropertyType.Type,
               let schema = property.propertyEnumSchema {
                found.append(schema)
            }
            return true
        }
        return found
    }

    /// The `@Property`s of an entity type in declaration order, read from the type's field
    /// metadata, so they are known before any entity exists. Titles come from `sample` when
    /// there is one (a title is an argument of the wrapper, not part of the type), else they
    /// are the property names.
    static func schema(of type: Any.Type, sample: Any?) -> [PropertySchema] {
        let sampled = Dictionary(sample.map(properties(of:))?.map { ($0.name, $0.property) } ?? [],
                                 uniquingKeysWith: { first, _ in first })
        var schema: [PropertySchema] = []
        // `_EachFieldOptions.classType` is a `static var`; its raw value is 1 << 0.
        let options = type is AnyClass ? _EachFieldOptions(rawValue: 1) : []
        _ = _forEachField(of: type, options: options) { label, _, fieldType, _ in
            let field = String(cString: label)
            guard field.hasPrefix("_"), let property = fieldType as? any EntityPropertyType.Type else { return true }
            let name = String(field.dropFirst())
            let title = sampled[name].map(\.title).flatMap { $0.isEmpty ? nil : $0 } ?? name
            schema.append(PropertySchema(name: name, title: title, type: property.propertyValueType,
                                         isOptional: property.propertyIsOptional, indexingKey: sampled[name]?.indexingKey))
            return true
        }
        return schema
    }
}
