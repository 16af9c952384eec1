import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C (SIGINT) for the commands that leave something behind when stopped (`import`,
/// `export`, `rebuild`) or whose work goes on in spotlightd (`check`, `compact`): instead of
/// dying without a word, each says what was interrupted and what state things are in, as
/// text or with `--json` as the JSON error, and exits 130.
///
/// ```swift
/// let sigint = Interrupt.handle { Interrupt.exit(CLIError(.interrupted, "export interrupted ..."), json: json) }
/// defer { sigint.cancel() }
/// ```
enum Interrupt {
    /// Runs `body` on SIGINT instead of dying, until the returned source is cancelled.
    static func handle(_ body: @escaping @Sendable () -> Void) -> any DispatchSourceSignal {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler(handler: body)
        source.resume()
        return source
    }

    /// Until the returned source is cancelled, Ctrl-C exits at once with `error`: for a command
    /// that only waits for spotlightd to finish what it cannot cancel (`check`, `compact`, a
    /// rebuild from the apps), the error saying that spotlightd goes on.
    static func exitOn(_ error: CLIError, json: Bool) -> any DispatchSourceSignal {
        handle { exit(error, json: json) }
    }

    /// Reports `error` as ``CLI`` reports the error that ends a command, and exits with its
    /// code: for a handler whose command is blocked in a call it cannot end otherwise.
    static func exit(_ error: CLIError, json: Bool) -> Never {
        error.report(json: json)
        Glibc.exit(error.code.rawValue)
    }
}
