// What an app names without importing anything but SpotlightKit, as `import CoreSpotlight`
// is all an Apple app needs: the record model (records, keys, property values, queries and
// their results, errors, paths) and the daemon's answers this module's API hands out.

@_exported import SpotlightModel
@_exported import struct SpotlightProtocol.WriteResult
@_exported import struct SpotlightProtocol.GetResult
@_exported import struct SpotlightProtocol.ClientStateSwap
@_exported import struct SpotlightProtocol.HelloResult
@_exported import struct SpotlightProtocol.DaemonStatus
@_exported import struct SpotlightProtocol.RebuildResult
@_exported import struct SpotlightProtocol.OpenResult

// Foundation, as `import CoreSpotlight` brings it: an app's `Date`, `Data`, `URL` and `UUID`
// compile with only the import changed (docs/porting.md).
@_exported import Foundation
