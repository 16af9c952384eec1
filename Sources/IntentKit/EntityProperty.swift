import Foundation
import Synchronization
import SpotlightModel
import SpotlightWire

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
    public let title: String
    private let storage: Mutex<Value?>

    public init(title: String) {
        self.title = title
        self.storage = Mutex(nil)
    }

    public init(wrappedValue: Value, title: String) {
        self.title = title
        self.storage = Mutex(wrappedValue)
    }

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

/// What the runtime reads from an entity's `@Property`s, whatever their value type.
protocol EntityPropertySlot: AnyObject, Sendable {
    var title: String { get }
    var currentPropertyValue: PropertyValue? { get }
    var valueType: ValueType { get }
    var isOptional: Bool { get }
}

extension EntityProperty: EntityPropertySlot {
    var currentPropertyValue: PropertyValue? { storage.withLock { $0 }?.propertyValue }
    var valueType: ValueType { Value.valueType }
    var isOptional: Bool { Value.valueWhenAbsent != nil }
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

    static func schema(of entity: Any) -> [PropertySchema] {
        properties(of: entity).map { name, property in
            PropertySchema(name: name, title: property.title, type: property.valueType, isOptional: property.isOptional)
        }
    }
}
