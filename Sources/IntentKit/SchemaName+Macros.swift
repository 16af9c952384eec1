/// The domains Apple lists for schemas (`AppSchemaIntent.photos`, ...), for all three kinds.
extension AppSchemaIntent where Self == SchemaName.Intent {
    public static var assistant: SchemaName.Domain<SchemaName.Intent> { .init("assistant") }
    public static var audio: SchemaName.Domain<SchemaName.Intent> { .init("audio") }
    public static var books: SchemaName.Domain<SchemaName.Intent> { .init("books") }
    public static var browser: SchemaName.Domain<SchemaName.Intent> { .init("browser") }
    public static var calendar: SchemaName.Domain<SchemaName.Intent> { .init("calendar") }
    public static var camera: SchemaName.Domain<SchemaName.Intent> { .init("camera") }
    public static var clock: SchemaName.Domain<SchemaName.Intent> { .init("clock") }
    public static var files: SchemaName.Domain<SchemaName.Intent> { .init("files") }
    public static var journal: SchemaName.Domain<SchemaName.Intent> { .init("journal") }
    public static var mail: SchemaName.Domain<SchemaName.Intent> { .init("mail") }
    public static var messages: SchemaName.Domain<SchemaName.Intent> { .init("messages") }
    public static var notes: SchemaName.Domain<SchemaName.Intent> { .init("notes") }
    public static var phone: SchemaName.Domain<SchemaName.Intent> { .init("phone") }
    public static var photos: SchemaName.Domain<SchemaName.Intent> { .init("photos") }
    public static var presentation: SchemaName.Domain<SchemaName.Intent> { .init("presentation") }
    public static var reader: SchemaName.Domain<SchemaName.Intent> { .init("reader") }
    public static var reminders: SchemaName.Domain<SchemaName.Intent> { .init("reminders") }
    public static var spreadsheet: SchemaName.Domain<SchemaName.Intent> { .init("spreadsheet") }
    public static var system: SchemaName.Domain<SchemaName.Intent> { .init("system") }
    public static var visualIntelligence: SchemaName.Domain<SchemaName.Intent> { .init("visualIntelligence") }
    public static var whiteboard: SchemaName.Domain<SchemaName.Intent> { .init("whiteboard") }
    public static var wordProcessor: SchemaName.Domain<SchemaName.Intent> { .init("wordProcessor") }
}

extension AppSchemaEntity where Self == SchemaName.Entity {
    public static var assistant: SchemaName.Domain<SchemaName.Entity> { .init("assistant") }
    public static var audio: SchemaName.Domain<SchemaName.Entity> { .init("audio") }
    public static var books: SchemaName.Domain<SchemaName.Entity> { .init("books") }
    public static var browser: SchemaName.Domain<SchemaName.Entity> { .init("browser") }
    public static var calendar: SchemaName.Domain<SchemaName.Entity> { .init("calendar") }
    public static var camera: SchemaName.Domain<SchemaName.Entity> { .init("camera") }
    public static var clock: SchemaName.Domain<SchemaName.Entity> { .init("clock") }
    public static var files: SchemaName.Domain<SchemaName.Entity> { .init("files") }
    public static var journal: SchemaName.Domain<SchemaName.Entity> { .init("journal") }
    public static var mail: SchemaName.Domain<SchemaName.Entity> { .init("mail") }
    public static var messages: SchemaName.Domain<SchemaName.Entity> { .init("messages") }
    public static var notes: SchemaName.Domain<SchemaName.Entity> { .init("notes") }
    public static var phone: SchemaName.Domain<SchemaName.Entity> { .init("phone") }
    public static var photos: SchemaName.Domain<SchemaName.Entity> { .init("photos") }
    public static var presentation: SchemaName.Domain<SchemaName.Entity> { .init("presentation") }
    public static var reader: SchemaName.Domain<SchemaName.Entity> { .init("reader") }
    public static var reminders: SchemaName.Domain<SchemaName.Entity> { .init("reminders") }
    public static var spreadsheet: SchemaName.Domain<SchemaName.Entity> { .init("spreadsheet") }
    public static var system: SchemaName.Domain<SchemaName.Entity> { .init("system") }
    public static var visualIntelligence: SchemaName.Domain<SchemaName.Entity> { .init("visualIntelligence") }
    public static var whiteboard: SchemaName.Domain<SchemaName.Entity> { .init("whiteboard") }
    public static var wordProcessor: SchemaName.Domain<SchemaName.Entity> { .init("wordProcessor") }
}

extension AppSchemaEnum where Self == SchemaName.Enum {
    public static var assistant: SchemaName.Domain<SchemaName.Enum> { .init("assistant") }
    public static var audio: SchemaName.Domain<SchemaName.Enum> { .init("audio") }
    public static var books: SchemaName.Domain<SchemaName.Enum> { .init("books") }
    public static var browser: SchemaName.Domain<SchemaName.Enum> { .init("browser") }
    public static var calendar: SchemaName.Domain<SchemaName.Enum> { .init("calendar") }
    public static var camera: SchemaName.Domain<SchemaName.Enum> { .init("camera") }
    public static var clock: SchemaName.Domain<SchemaName.Enum> { .init("clock") }
    public static var files: SchemaName.Domain<SchemaName.Enum> { .init("files") }
    public static var journal: SchemaName.Domain<SchemaName.Enum> { .init("journal") }
    public static var mail: SchemaName.Domain<SchemaName.Enum> { .init("mail") }
    public static var messages: SchemaName.Domain<SchemaName.Enum> { .init("messages") }
    public static var notes: SchemaName.Domain<SchemaName.Enum> { .init("notes") }
    public static var phone: SchemaName.Domain<SchemaName.Enum> { .init("phone") }
    public static var photos: SchemaName.Domain<SchemaName.Enum> { .init("photos") }
    public static var presentation: SchemaName.Domain<SchemaName.Enum> { .init("presentation") }
    public static var reader: SchemaName.Domain<SchemaName.Enum> { .init("reader") }
    public static var reminders: SchemaName.Domain<SchemaName.Enum> { .init("reminders") }
    public static var spreadsheet: SchemaName.Domain<SchemaName.Enum> { .init("spreadsheet") }
    public static var system: SchemaName.Domain<SchemaName.Enum> { .init("system") }
    public static var visualIntelligence: SchemaName.Domain<SchemaName.Enum> { .init("visualIntelligence") }
    public static var whiteboard: SchemaName.Domain<SchemaName.Enum> { .init("whiteboard") }
    public static var wordProcessor: SchemaName.Domain<SchemaName.Enum> { .init("wordProcessor") }
}

/// A type a schema macro names (`@AppIntent(schema:)` and its kin): the schema's name for
/// people, which titles the type unless it declares `title` or `typeDisplayRepresentation`
/// itself (anywhere: in its body or an extension). Written by the macros, not by hand.
public protocol SchemaNamed {
    static var __schemaTitle: String { get }
}

extension AppIntent where Self: SchemaNamed, Title == LocalizedStringResource {
    /// Default for a schema's intent: the schema's name (`.photos.openAsset`: "Open Asset").
    public static var title: LocalizedStringResource { LocalizedStringResource(stringLiteral: __schemaTitle) }
}

extension AppEntity where Self: SchemaNamed {
    /// Default for a schema's entity: the schema's name (`.photos.asset`: "Asset").
    public static var typeDisplayRepresentation: TypeDisplayRepresentation { TypeDisplayRepresentation(name: __schemaTitle) }
}

extension AppEnum where Self: SchemaNamed {
    /// Default for a schema's enum: the schema's name (`.photos.assetType`: "Asset Type").
    public static var typeDisplayRepresentation: TypeDisplayRepresentation { TypeDisplayRepresentation(name: __schemaTitle) }
}

/// Conforms an intent to an Apple Intelligence schema (App Intents' `@AppIntent(schema:)`): here
/// it makes the type an `AppIntent`, its stored `var`s without an attribute `@Parameter`s, and
/// titles it from the schema's name unless it declares `title` (see ``SchemaName``).
@attached(memberAttribute)
@attached(extension, conformances: AppIntent, SchemaNamed, names: named(__schemaTitle))
public macro AppIntent<T: AppSchemaIntent>(schema: T) = #externalMacro(module: "IntentKitMacros", type: "AppIntentSchemaMacro")

/// The earlier name of ``AppIntent(schema:)`` (App Intents' `@AssistantIntent(schema:)`).
@attached(memberAttribute)
@attached(extension, conformances: AppIntent, SchemaNamed, names: named(__schemaTitle))
public macro AssistantIntent<T: AppSchemaIntent>(schema: T) = #externalMacro(module: "IntentKitMacros", type: "AppIntentSchemaMacro")

/// Conforms an entity to an Apple Intelligence schema (App Intents' `@AppEntity(schema:)`): here
/// it makes the type an `AppEntity`, its stored `var`s without an attribute `@Property`s, and
/// names its type from the schema unless it declares `typeDisplayRepresentation`. A struct that
/// declares no initializer gets a memberwise one taking the properties' values.
@attached(memberAttribute)
@attached(member, names: named(init))
@attached(extension, conformances: AppEntity, SchemaNamed, names: named(__schemaTitle))
public macro AppEntity<T: AppSchemaEntity>(schema: T) = #externalMacro(module: "IntentKitMacros", type: "AppEntitySchemaMacro")

/// The earlier name of ``AppEntity(schema:)`` (App Intents' `@AssistantEntity(schema:)`).
@attached(memberAttribute)
@attached(member, names: named(init))
@attached(extension, conformances: AppEntity, SchemaNamed, names: named(__schemaTitle))
public macro AssistantEntity<T: AppSchemaEntity>(schema: T) = #externalMacro(module: "IntentKitMacros", type: "AppEntitySchemaMacro")

/// Conforms an enum to an Apple Intelligence schema (App Intents' `@AppEnum(schema:)`): here it
/// makes the type an `AppEnum` and names its type from the schema unless it declares
/// `typeDisplayRepresentation`.
@attached(extension, conformances: AppEnum, SchemaNamed, names: named(__schemaTitle))
public macro AppEnum<T: AppSchemaEnum>(schema: T) = #externalMacro(module: "IntentKitMacros", type: "AppEnumSchemaMacro")

/// The earlier name of ``AppEnum(schema:)`` (App Intents' `@AssistantEnum(schema:)`).
@attached(extension, conformances: AppEnum, SchemaNamed, names: named(__schemaTitle))
public macro AssistantEnum<T: AppSchemaEnum>(schema: T) = #externalMacro(module: "IntentKitMacros", type: "AppEnumSchemaMacro")
