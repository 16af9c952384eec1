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
    ///
    /// On Linux libdispatch catches the signal with a handler of its own. SIGINT is not set to
    /// SIG_IGN first (as on Darwin): a Ctrl-C before that handler is in place would be
    /// discarded, not delivered, and the command would go on as if none came. This returns
    /// once the handler is in place (at most a second later), so a Ctrl-C before it ends the
    /// process as it always did, and one after it runs `body`.
    static func handle(_ body: @escaping @Sendable () -> Void) -> any DispatchSourceSignal {
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler(handler: body)
        source.resume()
        for _ in 0..<1000 where hasDefaultAction(SIGINT) { usleep(1000) }
        return source
    }

    /// Whether `signal`'s disposition is SIG_DFL.
    private static func hasDefaultAction(_ signal: Int32) -> Bool {
        var action = sigaction()
        guard sigaction(signal, nil, &action) == 0 else { return false }
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_DFL, to: Int.self)
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
