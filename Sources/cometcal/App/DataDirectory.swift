import Foundation

/// Where CometCal keeps its own data: `$COMETCAL_DATA_DIR`, else `$XDG_DATA_HOME/cometcal`,
/// else `~/.local/share/cometcal`.
///
/// ```swift
/// DataDirectory.current(environment: ["XDG_DATA_HOME": "/tmp/x"]).path   // "/tmp/x/cometcal"
/// ```
enum DataDirectory {
    static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let dir = environment["COMETCAL_DATA_DIR"], !dir.isEmpty {
            return URL(fileURLWithPath: dir, isDirectory: true)
        }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("cometcal", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/share/cometcal", isDirectory: true)
    }
}

/// The planted bug of the talk, for proving the regression suite catches it: with
/// `COMETCAL_SKIP_DONATION=1` in a debug build, `CreateEventIntent` saves the event but does
/// not donate it. Release builds ignore the variable.
enum PlantedBug {
    static var skipsEventDonation: Bool {
        #if DEBUG
        return ProcessInfo.processInfo.environment["COMETCAL_SKIP_DONATION"] == "1"
        #else
        return false
        #endif
    }
}
