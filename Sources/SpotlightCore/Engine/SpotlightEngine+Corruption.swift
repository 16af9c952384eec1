import Foundation
import SpotlightModel

/// An index that turns out corrupt while the daemon runs is handled as at start: moved
/// aside and rebuilt from the store in the background, answering from a fresh generation
/// meanwhile. Acknowledged records are in the store all along.
extension SpotlightEngine {
    /// On `writer`, from ``recoverIndex(after:)``: when `error` says the index is corrupt and
    /// Xapian's check agrees, replaces the index and starts a rebuild.
    ///
    /// - Returns: true when it took over the recovery (the caller does nothing more).
    func replaceIfCorrupt(after error: any Error) -> Bool {
        guard (error as? SpotlightError)?.code == .corrupt,
              !shared.withLock({ $0.rebuilding || $0.closed }) else { return false }
        let marker = dataDirectory + "/rebuild-pending"
        index.close()
        do {
            // Remembered on disk first, so a crash before the rebuild ends leads to another.
            _ = FileManager.default.createFile(atPath: marker, contents: Data("the index was corrupt".utf8))
            try fsyncDirectory(dataDirectory)
            let (opened, reason) = try Self.openActiveIndex(directory, store: changeLog, verify: true,
                                                           documentData: options.documentData,
                                                           languages: options.languages, log: options.log)
            index = opened
            indexedSequence = try opened.lastAppliedSequence()
            guard reason != nil else {
                // Xapian's check finds the files sound: reopening was all it took.
                try? FileManager.default.removeItem(atPath: marker)
                return false
            }
        } catch {
            options.log(.error, "cannot replace the corrupt index: \(error)")
            return false
        }
        shared.withLock {
            $0.committedSequence = indexedSequence
            $0.generation += 1
            $0.indexProblem = nil
        }
        options.log(.info, "rebuilding the index from the store because it was corrupt; answering from what is indexed meanwhile")
        Task.detached { [self] in
            do {
                _ = try await self.rebuild()
            } catch {
                self.options.log(.error, "the rebuild of the corrupt index failed: \(error); run `spotlightctl rebuild`")
            }
        }
        return true
    }

    /// Xapian's check of the generation at `path` before it is opened; a check that cannot
    /// run at all counts as one problem of no known table.
    static func checkAtOpen(_ path: String) -> IndexCheckReport {
        do {
            return try SearchIndex.checkReport(path: path)
        } catch {
            return IndexCheckReport(problems: ["\(error)"], table: nil, revision: nil)
        }
    }

    /// Moves the corrupt generation at `path` aside, keeping it with what was found (at most
    /// ``CorruptIndexCopy/kept`` copies), and logs which table and revision were damaged.
    static func keepCorrupt(_ path: String, report: IndexCheckReport, problem: String, in directory: IndexDirectory,
                            log: SpotlightLog) throws {
        let copy = try directory.keepCorrupt(path, report: report, problem: problem)
        let location = report.location.map { "\($0): " } ?? ""
        log(.warning, "the index at \(path) is corrupt (\(location)\(problem)); moved it to \(copy.path) "
            + "(the newest \(CorruptIndexCopy.kept) corrupt copies are kept)")
    }
}
