import Foundation
import IntentKit

/// A locker: an entity whose `id` is an `Int`, holding a key whose `id` is a `UUID`, so tests
/// can read identifiers that are not strings.
struct LockerEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Locker"
    static let defaultQuery = LockerQuery()

    let id: Int
    @Property(title: "Key") var key: LockerKeyEntity

    init(id: Int) {
        self.id = id
        self.key = LockerKeyEntity(id: LockerKeyEntity.masterID)
    }

    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "Locker \(id)") }
}

struct LockerQuery: EntityQuery {
    func entities(for identifiers: [Int]) async throws -> [LockerEntity] { identifiers.map(LockerEntity.init) }
}

/// The key every locker takes.
struct LockerKeyEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Key"
    static let defaultQuery = LockerKeyQuery()
    static let masterID = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!

    let id: UUID
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "Master key") }
}

struct LockerKeyQuery: EntityQuery {
    func entities(for identifiers: [UUID]) async throws -> [LockerKeyEntity] {
        identifiers.filter { $0 == LockerKeyEntity.masterID }.map(LockerKeyEntity.init)
    }
}

/// A locker's size: an enum a parameter uses that main.swift does not list in `enums:`.
enum LockerSize: String, AppEnum {
    case small, large
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Size"
    static let caseDisplayRepresentations: [LockerSize: DisplayRepresentation] = [.small: "Small", .large: "Large"]
}

/// Returns the locker of that number, and says its size when given one.
struct OpenLockerIntent: AppIntent {
    static let title = "Open Locker"
    @Parameter(title: "Number") var number: Int
    @Parameter(title: "Size") var size: LockerSize?

    func perform() async throws -> some IntentResult & ReturnsValue<LockerEntity> & ProvidesDialog {
        .result(value: LockerEntity(id: number), dialog: "\(size?.rawValue ?? "any") locker \(number)")
    }
}

/// Empties lockers: Apple's `DeleteIntent` shape.
struct EmptyLockersIntent: DeleteIntent {
    static let title = "Empty Lockers"
    @Parameter(title: "Lockers") var entities: [LockerEntity]

    func perform() async throws -> some IntentResult & ProvidesDialog {
        .result(dialog: "emptied \(entities.map { String($0.id) }.joined(separator: ", "))")
    }
}
