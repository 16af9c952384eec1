/// Apple Intelligence's schemas (App Intents' `AppSchema`, iOS 18; here `AppSchema` is already
/// an app's schema as `--describe` prints it), named by the schema macros:
/// `@AppIntent(schema: .photos.openAsset)`, `@AppEntity(schema: .photos.asset)`,
/// `@AppEnum(schema: .photos.assetType)`. Nothing on Linux reads a schema: the macros make the
/// type conform (`AppIntent`, `AppEntity`, `AppEnum`), make its plain stored `var`s parameters
/// (intents) or properties (entities), and title it from the schema's name. Any domain Apple
/// lists and any name in it type-checks; the name is not checked against Apple's lists.
///
/// ```swift
/// @AppIntent(schema: .photos.openAsset)
/// struct OpenAssetIntent: OpenIntent {
///     var target: AssetEntity                 // a @Parameter
///     func perform() async throws -> some IntentResult { .result() }
/// }
/// OpenAssetIntent.title                      // "Open Asset"
/// ```
public enum SchemaName {
    /// A schema: its domain and name (`.photos.openAsset`: `photos`, `openAsset`).
    public struct Intent: AppSchemaIntent {
        public let domain: String
        public let name: String
        public init(domain: String, name: String) { (self.domain, self.name) = (domain, name) }
    }

    /// An entity schema (`.photos.asset`).
    public struct Entity: AppSchemaEntity {
        public let domain: String
        public let name: String
        public init(domain: String, name: String) { (self.domain, self.name) = (domain, name) }
    }

    /// An enum schema (`.photos.assetType`).
    public struct Enum: AppSchemaEnum {
        public let domain: String
        public let name: String
        public init(domain: String, name: String) { (self.domain, self.name) = (domain, name) }
    }

    /// A domain's schemas: `.photos` then any name (`.photos.openAsset`).
    @dynamicMemberLookup
    public struct Domain<Schema: AppSchemaKind>: Sendable {
        public let name: String
        public init(_ name: String) { self.name = name }
        public subscript(dynamicMember schema: String) -> Schema { Schema(domain: name, name: schema) }
    }
}

/// What the schemas of intents, entities and enums share (App Intents' `AppSchema.Kind`).
public protocol AppSchemaKind: Sendable {
    init(domain: String, name: String)
    var domain: String { get }
    var name: String { get }
}

/// An intent schema (App Intents' `AppSchemaIntent`).
public protocol AppSchemaIntent: AppSchemaKind {}
/// An entity schema (App Intents' `AppSchemaEntity`).
public protocol AppSchemaEntity: AppSchemaKind {}
/// An enum schema (App Intents' `AppSchemaEnum`).
public protocol AppSchemaEnum: AppSchemaKind {}

/// The earlier names of the same schemas (App Intents' `AssistantSchemas`, read by
/// `@AssistantIntent(schema:)` and its kin).
public enum AssistantSchemas {
    public typealias Intent = SchemaName.Intent
    public typealias Entity = SchemaName.Entity
    public typealias Enum = SchemaName.Enum
}
