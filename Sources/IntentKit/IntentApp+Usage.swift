import Foundation

extension IntentApp {
    /// The help `<app> --help` (also `-h`, `help`, or no arguments) prints for an app without a
    /// `commandLine` handler; an app with one prints its own.
    ///
    /// ```swift
    /// print(app.usage(program: "taskdeck"))
    /// // TaskDeck (com.example.TaskDeck), an IntentKit app service.
    /// // USAGE:
    /// //   taskdeck --install   …
    /// ```
    /// - Parameter program: the name the app was run by (the last part of its `argv[0]`).
    /// - Returns: the help text, without a final newline.
    public func usage(program: String) -> String {
        """
        \(dispatcher.applicationName) (\(bundleIdentifier)), an IntentKit app service.

        USAGE:
          \(program) --install                       register with spotlightd (writes \(bundleIdentifier).json to the app registry)
          \(program) --serve                         serve its intents and queries (spotlightd starts it so when needed)
          \(program) --describe [--include-hidden]   print its intents, entities and enums as JSON
          \(program) --help                          print this help

        ENVIRONMENT:
          SPOTLIGHT_SOCKET    the spotlightd to donate to
          SPOTLIGHT_APPS_DIR  the app registry (default $XDG_DATA_HOME/spotlight/apps)

        EXIT STATUS: 0 done, 1 failed (the message on stderr says why).
        """
    }
}
