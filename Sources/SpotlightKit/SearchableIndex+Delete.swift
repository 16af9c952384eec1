import SpotlightModel
import SpotlightProtocol

/// Deletes as spotlightd takes them: identifiers in calls that fit a message, as donations are
/// (``SearchableIndex/batchSize`` a call, half a message of text), all or nothing when a client
/// state is swapped with them.
extension SearchableIndex {
    /// Deletes what `params` select, now or (in a batch) staged; with a client state, only
    /// when the bundle's state matches, in one transaction however many calls the ids take.
    ///
    /// ```swift
    /// try await delete(DeleteParams(type: "Note", ids: manyIds))   // as many calls as they need
    /// ```
    /// - Returns: how many records were deleted (in a batch: how many ids were staged).
    func delete(_ params: DeleteParams) async throws -> Int {
        var params = params
        if params.bundle?.isEmpty ?? true, let own = try await bundleForOwnWrite() { params.bundle = own }
        let pieces: [[String]?] = params.ids.map(Self.idPieces) ?? [nil]
        if let batch = try await batchName(for: .delete, bundle: params.bundle, clientState: params.clientState) {
            params.batch = batch
            let staged = params
            return try await inBatch {
                var total = 0
                for piece in pieces { total += try await deleteCall(staged, ids: piece) }
                return total
            }
        }
        if pieces.count > 1, let clientState = params.clientState {
            // All or nothing: staged in a batch of its own, committed with the state check.
            params.clientState = nil
            beginIndexBatch()
            do {
                _ = try await delete(params)
            } catch {
                await abandonIndexBatch()
                throw error
            }
            return try await endIndexBatch(swap: clientState).count
        }
        var total = 0
        for piece in pieces { total += try await deleteCall(params, ids: piece) }
        return total
    }

    private func deleteCall(_ params: DeleteParams, ids: [String]?) async throws -> Int {
        var params = params
        params.ids = ids
        let result: WriteResult = try await daemon.call(.delete, params)
        return result.count
    }

    /// The ids in runs of at most ``batchSize`` and half a message of text.
    static func idPieces(_ ids: [String]) -> [[String]] {
        var pieces: [[String]] = [[]]
        var bytes = 0
        for id in ids {
            // JSON writes a byte in at most six (`\u0000`), plus quotes and a comma.
            let size = 6 * id.utf8.count + 3
            if !pieces[pieces.count - 1].isEmpty, pieces[pieces.count - 1].count == batchSize || bytes + size > DonationLimits.batchBytes {
                pieces.append([])
                bytes = 0
            }
            pieces[pieces.count - 1].append(id)
            bytes += size
        }
        return pieces
    }
}
