// What a test names without importing anything but IntentKitTesting: the harness's errors,
// the app's schema and values as its API hands them out, and Apple's AppIntentsTesting names
// for this module's types.

@_exported import struct SpotlightModel.SpotlightError
@_exported import struct SpotlightModel.Record
@_exported import struct SpotlightModel.EntityReference
@_exported import enum SpotlightModel.PropertyValue
@_exported import enum SpotlightModel.JSONValue
@_exported import struct SpotlightProtocol.AppSchema
@_exported import struct SpotlightProtocol.IntentSchema
@_exported import struct SpotlightProtocol.ParameterSchema
@_exported import struct SpotlightProtocol.EntitySchema
@_exported import struct SpotlightProtocol.PropertySchema
@_exported import struct SpotlightProtocol.EnumSchema
@_exported import struct SpotlightProtocol.EnumCaseSchema
@_exported import enum SpotlightProtocol.ValueType
@_exported import struct SpotlightProtocol.AppErrorReport
@_exported import struct SpotlightProtocol.ShortcutSchema
@_exported import struct SpotlightProtocol.PropertyQuerySchema
@_exported import struct SpotlightProtocol.QueryPropertySchema

/// Apple's name for ``IntentDefinition``.
public typealias AppIntentDefinition = IntentDefinition
/// Apple's name for ``EntityDefinition``.
public typealias AppEntityDefinition = EntityDefinition
/// Apple's name for ``EnumDefinition``.
public typealias AppEnumDefinition = EnumDefinition
/// Apple's name for ``ConfiguredIntent``.
public typealias AnyAppIntent = ConfiguredIntent
/// Apple's name for ``EnumCase``.
public typealias AnyAppEnum = EnumCase
/// Apple's name for a returned value one reads properties of (``AppValue``).
public typealias DynamicPropertyPath = AppValue

// Foundation, as XCTest brings it: a Swift Testing test passes `Date()` or a `URL` to
// `makeIntent` with only `import Testing` and `import IntentKitTesting`.
@_exported import Foundation
