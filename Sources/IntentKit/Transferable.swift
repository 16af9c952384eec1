import Foundation
import SpotlightKit

/// A type that can be exported as data of some content types and imported from them (Apple's
/// `Transferable`, from CoreTransferable, which Linux does not have; drop `import CoreTransferable`
/// when porting). App Intents uses it to hand an entity to another app in the form it takes: here
/// `describe` lists a transferable entity's `exportedContentTypes`, and ``exported(as:)`` and
/// ``init(importing:contentType:)`` convert as Apple's do.
///
/// ```swift
/// extension TrailEntity: Transferable {
///     static var transferRepresentation: some TransferRepresentation {
///         DataRepresentation(exportedContentType: .plainText) { trail in Data(trail.name.utf8) }
///         ProxyRepresentation(exporting: \.name)
///     }
/// }
/// let text = try await trail.exported(as: .plainText)
/// ```
public protocol Transferable: SendableMetatype {
    associatedtype Representation: TransferRepresentation
    /// How the type is exported and imported, most preferred first.
    @TransferRepresentationBuilder<Self> static var transferRepresentation: Representation { get }
}

/// One or more ways to export or import an item (``DataRepresentation``, ``FileRepresentation``,
/// ``ProxyRepresentation``, ``CodableRepresentation``, or several in a builder).
public protocol TransferRepresentation<Item>: Sendable {
    associatedtype Item: Transferable
}

/// Whom a representation is offered to (Apple's `TransferRepresentationVisibility`). Everything
/// here runs in one app and the processes it answers, so each is offered alike.
public struct TransferRepresentationVisibility: Sendable, Hashable {
    let name: String
    public static let all = TransferRepresentationVisibility(name: "all")
    public static let team = TransferRepresentationVisibility(name: "team")
    public static let group = TransferRepresentationVisibility(name: "group")
    public static let ownProcess = TransferRepresentationVisibility(name: "ownProcess")
}

extension Transferable {
    /// The content types the type exports, in order of preference.
    public static func exportedContentTypes(_ visibility: TransferRepresentationVisibility = .all) -> [UTType] {
        unique(TransferEntry.entries(of: transferRepresentation).filter { $0.export != nil }.map(\.contentType))
    }

    /// The content types the type imports, in order of preference.
    public static func importedContentTypes() -> [UTType] {
        unique(TransferEntry.entries(of: transferRepresentation).filter { $0.importer != nil }.map(\.contentType))
    }

    /// The item as data of `contentType`: by the first representation of exactly that type, else
    /// the first whose type conforms to it.
    /// - Throws: ``TransferError`` when no representation exports that type (or its condition
    ///   refuses this item), or what the representation threw.
    public func exported(as contentType: UTType) async throws -> Data {
        try await exportedWithType(as: contentType).data
    }

    /// ``exported(as:)`` with the content type of the representation used and its file name.
    func exportedWithType(as contentType: UTType) async throws -> (data: Data, type: UTType, fileName: String?) {
        let exports = TransferEntry.entries(of: Self.transferRepresentation).filter {
            $0.export != nil && ($0.condition?(self) ?? true)
        }
        guard let entry = exports.first(where: { $0.contentType == contentType })
                ?? exports.first(where: { $0.contentType.conforms(to: contentType) }), let export = entry.export
        else { throw TransferError.noExport(Self.self, contentType) }
        return (try await export(self), entry.contentType, entry.fileName?(self))
    }

    /// The file name a representation of `contentType` suggests for this item, if any.
    /// (IntentKit's, not Apple's: the system reads it there.)
    public func suggestedFileName(for contentType: UTType) -> String? {
        TransferEntry.entries(of: Self.transferRepresentation).first { $0.contentType == contentType }?.fileName?(self)
    }

    /// An item imported from data of `contentType` (nil: by the first representation that imports).
    /// - Throws: ``TransferError`` when no representation imports that type, or what it threw.
    public init(importing data: Data, contentType: UTType? = nil) async throws {
        let imports = TransferEntry.entries(of: Self.transferRepresentation).filter { $0.importer != nil }
        let entry: TransferEntry? = if let type = contentType {
            imports.first { $0.contentType == type } ?? imports.first { type.conforms(to: $0.contentType) }
        } else {
            imports.first
        }
        guard let importer = entry?.importer else {
            throw TransferError.noImport(Self.self, contentType)
        }
        guard let item = try await importer(data) as? Self else { throw TransferError.noImport(Self.self, contentType) }
        self = item
    }

    private static func unique(_ types: [UTType]) -> [UTType] {
        var seen: Set<UTType> = []
        return types.filter { seen.insert($0).inserted }
    }
}

/// Why an item could not be exported or imported.
public enum TransferError: Error, CustomStringConvertible, Sendable {
    case noExport(any Any.Type, UTType)
    case noImport(any Any.Type, UTType?)

    public var description: String {
        switch self {
        case .noExport(let type, let contentType):
            return "\(type) has no transfer representation that exports \(contentType.identifier)"
        case .noImport(let type, let contentType):
            return "\(type) has no transfer representation that imports " + (contentType?.identifier ?? "data")
        }
    }
}

/// One way to export or import, its item's type erased: what every representation is made of.
struct TransferEntry: Sendable {
    var contentType: UTType
    var export: (@Sendable (Any) async throws -> Data)?
    var importer: (@Sendable (Data) async throws -> Any)?
    var fileName: (@Sendable (Any) -> String?)?
    var condition: (@Sendable (Any) -> Bool)?

    /// The entries of a representation made by these types; none for any other.
    static func entries(of representation: some TransferRepresentation) -> [TransferEntry] {
        (representation as? any TransferEntryListing)?.transferEntries ?? []
    }
}

protocol TransferEntryListing {
    var transferEntries: [TransferEntry] { get }
}

/// Builds ``Transferable/transferRepresentation``: one representation per line, most preferred first.
@resultBuilder
public enum TransferRepresentationBuilder<Item: Transferable> {
    public static func buildExpression<R: TransferRepresentation>(_ representation: R) -> R where R.Item == Item {
        representation
    }

    public static func buildBlock<R: TransferRepresentation>(_ representation: R) -> R where R.Item == Item {
        representation
    }

    public static func buildBlock<First: TransferRepresentation, Second: TransferRepresentation,
                                  each Rest: TransferRepresentation>(
        _ first: First, _ second: Second, _ rest: repeat each Rest
    ) -> TupleTransferRepresentation<Item> {
        var entries = TransferEntry.entries(of: first) + TransferEntry.entries(of: second)
        for representation in repeat each rest { entries += TransferEntry.entries(of: representation) }
        return TupleTransferRepresentation(transferEntries: entries)
    }
}

/// Several representations written in one builder.
public struct TupleTransferRepresentation<Item: Transferable>: TransferRepresentation, TransferEntryListing {
    let transferEntries: [TransferEntry]
}
