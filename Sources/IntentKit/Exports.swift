// The Spotlight attribute set an `IndexedEntity` builds lives in SpotlightKit, as
// `CSSearchableItemAttributeSet` lives in Core Spotlight; an app that imports only IntentKit
// still names it (and the content types it takes) in `attributeSet` and `@Property(indexingKey:)`.

@_exported import class SpotlightKit.SearchableItemAttributes
@_exported import typealias SpotlightKit.CSSearchableItemAttributeSet
@_exported import struct SpotlightKit.UTType

// Foundation, as Apple's `import AppIntents` brings it: an intent's `Date`, `URL` and `UUID`
// compile with only the import changed (docs/porting.md).
@_exported import Foundation
