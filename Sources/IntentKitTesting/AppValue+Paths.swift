import Foundation
import SpotlightModel

// Apple's DynamicPropertyPath shapes on a returned value: casts and array indexing.

extension AppValue {
    /// The value read as `type` (Apple's `result.value.as(String.self)`).
    ///
    /// ```swift
    /// #expect(try result.value.as(String.self) == "slept 1.0s")
    /// ```
    /// - Throws: `invalidInput` saying what the value is when it does not read as `type`.
    public func `as`<T: AppValueReadable>(_ type: T.Type) throws -> T {
        guard let read = T(appValue: self) else {
            throw SpotlightError(.invalidInput, "\(debugDescription) (\(content.kindName)) does not read as \(T.self)")
        }
        return read
    }

    /// The value as an entity of the definition's type (Apple's `result.value.as(taskEntity)`).
    /// - Throws: `invalidInput` when it is not an entity (or reference) of that type.
    public func `as`(_ definition: EntityDefinition) throws -> EntityRepresentation {
        let entity = try self.as(EntityRepresentation.self)
        try definition.isInstance(entity)
        return entity
    }

    /// The element at `index` of an array value (`try entity.tags[0]`).
    /// - Throws: `invalidInput` when the value is not an array or the index is out of range.
    public subscript(index: Int) -> AppValue {
        get throws {
            guard case .array(let elements) = content else {
                throw SpotlightError(.invalidInput, "\(debugDescription) (\(content.kindName)) is not an array, so it has no element \(index)")
            }
            guard elements.indices.contains(index) else {
                throw SpotlightError(.invalidInput, "\(debugDescription) has \(elements.count) elements, so none at index \(index)")
            }
            return elements[index]
        }
    }

    /// The element at `index`, read as `T` (`let first: String = try entity.tags[0]`).
    public subscript<T: AppValueReadable>(index: Int) -> T {
        get throws { try self[index].as(T.self) }
    }
}
