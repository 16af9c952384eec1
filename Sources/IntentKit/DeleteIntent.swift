/// An intent that deletes entities of the app (App Intents' `DeleteIntent`, a ``SystemIntent``).
/// Declare the entities as a parameter named `entities`; it runs like any other intent.
///
/// ```swift
/// struct DeleteBooksIntent: DeleteIntent {
///     static let title: LocalizedStringResource = "Delete Books"
///     @Parameter(title: "Books") var entities: [BookEntity]
///
///     func perform() async throws -> some IntentResult {
///         try await library.delete(entities.map(\.id))
///         try await CSSearchableIndex.default().deleteAppEntities(identifiedBy: entities.map(\.id), ofType: BookEntity.self)
///         return .result()
///     }
/// }
/// ```
///
/// Apple's system offers such an intent where a person deletes an entity; nothing here does, so
/// a caller (a test, `spotlightctl`) runs it by name.
public protocol DeleteIntent: SystemIntent {
    associatedtype Entity: AppEntity
    /// The entities to delete.
    var entities: [Entity] { get }
}
