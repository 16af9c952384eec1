// What a test names without importing anything but IntentKitTesting: the harness's errors,
// the app's schema and values as its API hands them out, and Apple's AppIntentsTesting names
// for this module's types.

@_exported import struct SpotlightModel.SpotlightError
@_exported import struct SpotlightModel.Record
@_exported import struct SpotlightModel.EntityReference
@_exported import enum SpotlightModel.PropertyValue
@_exported import enum SpotlightModel.JSONValue
@_exported import struct SpotlightWire.AppSchema
@_exported import struct SpotlightWire.IntentSchema
@_exported import struct SpotlightWire.ParameterSchema
@_exported import struct SpotlightWire.EntitySchema
@_exported import struct SpotlightWire.PropertySchema
@_exported import struct SpotlightWire.EnumSchema
@_exported import struct SpotlightWire.EnumCaseSchema
@_exported import enum SpotlightWire.ValueType
@_exported import struct SpotlightWire.AppErrorReport
@_exported import struct SpotlightWire.ShortcutSchema
@_exported import struct SpotlightWire.PropertyQuerySchema
@_exported import struct SpotlightWire.QueryPropertySchema

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
