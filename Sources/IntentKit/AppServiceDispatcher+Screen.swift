import Foundation
import SpotlightKit
import SpotlightModel
import SpotlightProtocol

extension AppServiceDispatcher {
    /// The entities the screen shows, resolved through each type's `entities(for:)`, in the
    /// order the app reported them. An annotation whose entity no longer resolves is left out.
    /// - Throws: `notFound` if the screen annotates a type that is not registered.
    public func viewAnnotations(_ params: ViewAnnotationsParams = ViewAnnotationsParams()) async throws
        -> ViewAnnotationsResult {
        let shown = screen.annotations.filter { params.type == nil || $0.identifier.typeIdentifier == params.type }
        var resolved: [String: [String: Record]] = [:]
        for typeName in Set(shown.map(\.identifier.typeIdentifier)) {
            let entity = try entityType(typeName)
            let ids = shown.filter { $0.identifier.typeIdentifier == typeName }.map(\.identifier.instanceIdentifier)
            let found = try await fetch(typeName, "entities(for:)") { try await entity.entitiesFor(ids) }
            resolved[typeName] = Dictionary(zip(found.map { $0.id.entityIdentifierString }, try await records(of: found)),
                                            uniquingKeysWith: { first, _ in first })
        }
        return ViewAnnotationsResult(annotations: shown.compactMap { annotation in
            resolved[annotation.identifier.typeIdentifier]?[annotation.identifier.instanceIdentifier]
                .map { ViewAnnotation(entity: $0, isSelected: annotation.isSelected) }
        })
    }

    /// Re-donates every indexed entity: a type whose query is an ``IndexedEntityQuery`` through
    /// its `reindexAllEntities`, the others as ``Reindexing/allEntities`` says. `donated` counts
    /// what the runtime donated, not what such queries did.
    public func reindexAll() async throws -> ReindexResult {
        var records: [Record] = []
        let selfReindexing = entities.ordered.filter { $0.isIndexed && $0.reindexAll != nil }
        for entity in selfReindexing {
            if let reindex = entity.reindexAll {
                _ = try await fetch(entity.name, "reindexAllEntities(indexDescription:)") { try await reindex(); return [] }
            }
        }
        let done = Set(selfReindexing.map(\.name))
        if let allEntities = reindexing.allEntities {
            records = try await allEntities().compactMap(donationRecord).filter { !done.contains($0.type) }
        } else {
            for entity in entities.ordered where entity.isIndexed && !done.contains(entity.name) {
                guard let all = entity.all else {
                    throw SpotlightError(.unavailable, "\(entity.name) is an IndexedEntity whose query is not an "
                        + "EnumerableEntityQuery; give the app's Reindexing an allEntities closure for reindexAll")
                }
                records += try await fetch(entity.name, "allEntities()", all).compactMap(donationRecord)
            }
        }
        let (donatable, refused) = splitRefused(records)
        try await donate(donatable)
        // The app's Core Spotlight items: its CSSearchableIndexDelegate donates them again.
        let items = await SearchableIndex.reindexAllThroughDelegates()
        return ReindexResult(donated: donatable.count, refused: refused.isEmpty ? nil : refused, items: items > 0 ? items : nil)
    }

    /// Re-donates these entities of one indexed type; identifiers the query does not return are reported missing.
    public func reindex(_ params: ReindexParams) async throws -> ReindexResult {
        let entity = try entityType(params.type)
        guard entity.isIndexed else {
            throw SpotlightError(.invalidInput, "\(params.type) is not an IndexedEntity, so it is never donated")
        }
        if let reindexSome = entity.reindexSome {
            // The query donates them itself and does not say which it found.
            _ = try await fetch(params.type, "reindexEntities(for:indexDescription:)") { try await reindexSome(params.ids); return [] }
            return ReindexResult(donated: 0)
        }
        let found = try await fetch(params.type, "entities(for:)") { try await entity.entitiesFor(params.ids) }
        let records = found.compactMap(donationRecord)
        let (donatable, refused) = splitRefused(records)
        try await donate(donatable)
        let foundIDs = Set(records.map(\.id))
        return ReindexResult(donated: donatable.count, missing: params.ids.filter { !foundIDs.contains($0) },
                             refused: refused.isEmpty ? nil : refused)
    }

    /// The records spotlightd takes, and why each other one was left out (also on stderr):
    /// one entity over the donation limits must not keep every other from being donated.
    private func splitRefused(_ records: [Record]) -> (donatable: [Record], refused: [String]) {
        var donatable: [Record] = [], refused: [String] = []
        for record in records {
            do {
                try record.validate()
                try DonationLimits.standard.check(record)
                donatable.append(record)
            } catch {
                let reason = (error as? SpotlightError)?.message ?? "\(error)"
                refused.append(reason)
                StandardError.write("\(bundleIdentifier): not donating \(record.type) \(record.id): \(reason)\n")
            }
        }
        return (donatable, refused)
    }

    private func donationRecord(_ entity: any AppEntity) -> Record? {
        guard let indexed = entity as? any IndexedEntity, !indexed.hideInSpotlight else { return nil }
        return indexed.record(bundle: bundleIdentifier)
    }

    private func donate(_ records: [Record]) async throws {
        do {
            try await reindexing.donate(records)
        } catch let error as SpotlightError {
            throw error
        } catch {
            throw SpotlightError(.unavailable, "donating \(records.count) records of \(bundleIdentifier) failed: "
                + IntentInvocation.describe(error), underlying: "\(error)")
        }
    }
}
