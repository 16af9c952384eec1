import Foundation
import Synchronization
import SpotlightKit
import SpotlightModel
import SpotlightProtocol

/// `spotlightctl rebuild`: a fresh index swapped in atomically, with progress; Ctrl-C cancels
/// a rebuild from the store (the old index stays) and says what state things are in.
enum RebuildCommand: Command {
    static let name = "rebuild"
    static let summary = "re-derive the index from the store (or ask the apps to re-donate)"
    static let options = OptionSpec(values: ["--bundle"], flags: ["--from-store", "--from-apps", "--json"])
    static let help = """
    spotlightctl rebuild — build a fresh index and swap it in atomically. Queries are answered
    from the old index until the new one is complete.

    Ctrl-C (exit status 130, with the error saying so, as JSON with --json): a rebuild from
    the store is cancelled in spotlightd and the old index stays (or, when it had finished
    first, the error says the new one is in place); a rebuild from the apps cannot be
    cancelled: spotlightctl stops waiting and spotlightd goes on with it. A second Ctrl-C
    stops waiting for spotlightd to answer the cancel.

    USAGE: spotlightctl rebuild [--from-store | --from-apps [--bundle B]] [--json]

    OPTIONS:
      --from-store  re-derive the index from the record store (the default)
      --from-apps   ask each registered app (or the one named by --bundle) to re-donate
                    everything; records it no longer donates are removed afterwards
      --bundle B    with --from-apps: only this app
      --json        print {"records","seconds","sequence"} and, from the apps, "apps":
                    [{"bundle","redonated","removed","error"}]; progress stays on stderr,
                    in JSON lines: {"done":N,"progress":"rebuild","total":M}
                    ("re-donation" with --from-apps)

    Progress (records; from the apps, apps): a bar on a terminal, otherwise a line per second
    on stderr.

    From the apps, the exit status is 1 when an app could not re-donate: its line ("BUNDLE:
    failed: WHY"; with --json its "error") says why, and what the other apps re-donated stays.

    EXAMPLE:
      spotlightctl rebuild
      spotlightctl rebuild --from-apps --bundle com.example.apple-samplecode.CometCal
    """

    static func run(_ args: Arguments, _ context: Context) async throws -> ExitCode {
        try args.exclusive(["--from-store", "--from-apps"])
        try args.requireNoPositionals()
        let fromApps = args.has("--from-apps")
        if args.value("--bundle") != nil && !fromApps {
            throw CLIError.usage("--bundle goes with --from-apps; a rebuild from the store re-derives the whole index",
                                 command: name)
        }
        let params = RebuildParams(from: fromApps ? "apps" : "store", bundle: args.value("--bundle"))
        let poller = DaemonClient.spotlightctl(socket: context.socket)
        defer { poller.close() }
        let json = args.has("--json")
        let ctrlC = CtrlC()
        // spotlightd cannot cancel a rebuild from the apps: waiting for it would be for nothing.
        let sigint = fromApps ? Interrupt.exitOn(appRebuildGoesOn, json: json) : Interrupt.handle {
            // A second Ctrl-C: spotlightd is slow to answer the cancel; stop waiting for it.
            if ctrlC.pressed.exchange(true, ordering: .relaxed) { Interrupt.exit(stoppedWaitingForCancel, json: json) }
            Task { ctrlC.cancelled.store(await cancel(poller), ordering: .relaxed) }
        }
        defer { sigint.cancel() }

        let rebuild = Task { () throws -> RebuildResult in
            try await context.daemon.call(.rebuild, params, timeout: .seconds(24 * 3600))
        }
        let progress = ProgressReporter(label: fromApps ? "re-donation" : "rebuild", json: args.has("--json"))
        let watcher = Task {
            while !Task.isCancelled {
                if let status = try? await poller.status(),
                   let done = fromApps ? status.appRebuildDone : status.index.rebuildDone,
                   let total = fromApps ? status.appRebuildTotal : status.index.rebuildTotal, total > 0 {
                    progress.update(done: done, total: total)
                }
                try? await Task.sleep(for: .milliseconds(200))
            }
        }
        let outcome = await rebuild.result
        watcher.cancel()
        _ = await watcher.result
        // The last line, also when the rebuild ended before the watcher saw it start.
        if case .success(let result) = outcome {
            let done = result.apps?.count ?? result.records
            progress.update(done: done, total: done)
        }
        progress.finish()
        if ctrlC.pressed.load(ordering: .relaxed) {
            // What is in place depends on whether the cancel came before the swap.
            switch outcome {
            case .success(let result):
                throw CLIError(.interrupted, "rebuild interrupted, but it had finished before spotlightd could cancel it: "
                    + "the new index is in place (\(result.records) records, sequence \(result.sequence))")
            case .failure where ctrlC.cancelled.load(ordering: .relaxed):
                throw CLIError(.interrupted, "rebuild interrupted: spotlightd cancelled it; the old index stays in place")
            case .failure(let error):
                throw error   // it failed for another reason, which says what is in place
            }
        }
        let result = try outcome.get()
        let failed: ExitCode = (result.apps ?? []).contains { $0.error != nil } ? .failure : .ok
        if json {
            try Terminal.printJSON(result)
            return failed
        }
        for app in result.apps ?? [] {
            if let error = app.error {
                print("\(app.bundle): failed: \(error)")
            } else {
                print("\(app.bundle): re-donated \(app.redonated), removed \(app.removed)")
            }
        }
        let held = fromApps ? try? await poller.status().index.recordCount : nil
        print(summary(of: result, storeRecords: held))
        return failed
    }

    /// Ctrl-C during a rebuild from the store: whether it was pressed, and whether spotlightd
    /// then said it cancelled the rebuild.
    final class CtrlC: Sendable {
        let pressed = Atomic<Bool>(false)
        let cancelled = Atomic<Bool>(false)
    }

    /// Asks spotlightd to cancel the rebuild until it says it did, or for 10 s (the rebuild
    /// call answers meanwhile when it is over): a Ctrl-C right after the start may reach
    /// spotlightd before the rebuild does.
    /// - Returns: whether spotlightd said it cancelled it.
    static func cancel(_ poller: DaemonClient) async -> Bool {
        for _ in 0..<100 {
            let reply: CancelRebuildResult? = try? await poller.call(.cancelRebuild, [String: String]())
            if reply?.cancelled == true { return true }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    /// A second Ctrl-C during a rebuild from the store, before spotlightd answered the first.
    static let stoppedWaitingForCancel = CLIError(.interrupted, "rebuild interrupted again: spotlightctl stopped "
        + "waiting for spotlightd to cancel it; `spotlightctl status` says whether a rebuild still runs (the old "
        + "index stays until one completes)")

    /// Ctrl-C during a rebuild from the apps: spotlightctl stops waiting; spotlightd goes on.
    static let appRebuildGoesOn = CLIError(.interrupted, "rebuild interrupted: spotlightctl stopped waiting, but a "
        + "rebuild from the apps cannot be cancelled and goes on in spotlightd (`spotlightctl status` shows its "
        + "progress); what the apps re-donated so far stays")

    /// The last line of a rebuild. From the store, `records` is what the new index was built
    /// from; from the apps, what the apps re-donated (the index was not rebuilt, and the store
    /// also keeps records no app donates), so the store's count follows when it is known.
    ///
    /// ```swift
    /// summary(of: RebuildResult(records: 3, seconds: 0.5, sequence: 9, apps: [report]), storeRecords: 5)
    /// // "the apps re-donated 3 records in 0.50 s (sequence 9); the store holds 5 records"
    /// ```
    static func summary(of result: RebuildResult, storeRecords: Int?) -> String {
        let took = "in \(String(format: "%.2f", result.seconds)) s (sequence \(result.sequence))"
        guard result.apps != nil else { return "rebuilt the index from \(result.records) records \(took)" }
        return "the apps re-donated \(result.records) records \(took)"
            + (storeRecords.map { "; the store holds \($0) records" } ?? "")
    }
}
