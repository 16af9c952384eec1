import Foundation
import SpotlightKit
import SpotlightModel
import SpotlightProtocol

extension AppServiceDispatcher {
    /// One entity of a `Transferable` type as data of a content type, as another app asks for
    /// it (App Intents hands an entity to an action that takes a file or text this way).
    ///
    /// ```swift
    /// let text = try await dispatcher.exportEntity(ExportEntityParams(type: "RecipeEntity", id: "p1",
    ///                                                                 contentType: "public.plain-text"))
    /// ```
    /// - Throws: `notFound` for an unknown type or an id its query does not find; `invalidInput`
    ///   for a type that is not `Transferable`, a content type that is not an identifier, or one
    ///   the type does not export (listing those it does); `intentFailed` when the export threw.
    public func exportEntity(_ params: ExportEntityParams) async throws -> ExportEntityResult {
        let entity = try entityType(params.type)
        guard let export = entity.export, let exported = entity.exportedContentTypes else {
            throw SpotlightError(.invalidInput, "\(params.type) is not Transferable, so \(bundleIdentifier) exports none; "
                + "make it Transferable (docs/porting.md, Transferable)")
        }
        guard let contentType = UTType(params.contentType) else {
            throw SpotlightError(.invalidInput, "\"\(params.contentType)\" is not a content type; \(params.type) exports "
                + exported.joined(separator: ", "))
        }
        let found = try await fetch(params.type, "entities(for:)") { try await entity.entitiesFor([params.id]) }
        guard let item = found.first else {
            throw SpotlightError(.notFound, "\(bundleIdentifier) has no \(params.type) \"\(params.id)\"")
        }
        do {
            let (data, type, fileName) = try await export(item, contentType)
            return ExportEntityResult(contentType: type.identifier, data: data, suggestedFileName: fileName)
        } catch let error as TransferError {
            throw SpotlightError(.invalidInput, "\(error); it exports " + exported.joined(separator: ", "))
        } catch {
            throw SpotlightError(.intentFailed, "exporting \(params.type) \"\(params.id)\" as \(params.contentType) threw: \(error)")
        }
    }
}
