import Foundation
import SpotlightKit

/// An item as bytes of one content type (Apple's `DataRepresentation`).
///
/// ```swift
/// DataRepresentation(exportedContentType: .plainText) { note in Data(note.text.utf8) }
/// ```
public struct DataRepresentation<Item: Transferable>: TransferRepresentation, TransferEntryListing {
    let transferEntries: [TransferEntry]

    public init(contentType: UTType, exporting: @escaping @Sendable (Item) async throws -> Data,
                importing: @escaping @Sendable (Data) async throws -> Item) {
        transferEntries = [TransferEntry(contentType: contentType, export: Self.erase(exporting), importer: { try await importing($0) })]
    }

    public init(exportedContentType: UTType, exporting: @escaping @Sendable (Item) async throws -> Data) {
        transferEntries = [TransferEntry(contentType: exportedContentType, export: Self.erase(exporting))]
    }

    public init(importedContentType: UTType, importing: @escaping @Sendable (Data) async throws -> Item) {
        transferEntries = [TransferEntry(contentType: importedContentType, importer: { try await importing($0) })]
    }

    static func erase(_ exporting: @escaping @Sendable (Item) async throws -> Data) -> @Sendable (Any) async throws -> Data {
        { item in
            guard let item = item as? Item else { throw TransferError.noExport(Item.self, .data) }
            return try await exporting(item)
        }
    }
}

/// A file handed over in an export (Apple's `SentTransferredFile`).
public struct SentTransferredFile: Sendable {
    public let file: URL
    public let allowAccessingOriginalFile: Bool

    public init(_ file: URL, allowAccessingOriginalFile: Bool = false) {
        self.file = file
        self.allowAccessingOriginalFile = allowAccessingOriginalFile
    }
}

/// A file received in an import (Apple's `ReceivedTransferredFile`): here always a copy in the
/// temporary directory, which the importer reads or moves before it returns (what is left is removed).
public struct ReceivedTransferredFile: Sendable {
    public let file: URL
    public let isOriginalFile: Bool
}

/// An item as a file of one content type (Apple's `FileRepresentation`): an export reads the file
/// the closure names; an import writes the data to a temporary file first.
public struct FileRepresentation<Item: Transferable>: TransferRepresentation, TransferEntryListing {
    let transferEntries: [TransferEntry]

    public init(contentType: UTType, shouldAttemptToOpenInPlace: Bool = false,
                exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile,
                importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item) {
        transferEntries = [TransferEntry(contentType: contentType, export: Self.reading(exporting),
                                         importer: Self.writing(contentType, importing))]
    }

    public init(exportedContentType: UTType, shouldAllowToOpenInPlace: Bool = false,
                exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile) {
        transferEntries = [TransferEntry(contentType: exportedContentType, export: Self.reading(exporting))]
    }

    public init(importedContentType: UTType, shouldAttemptToOpenInPlace: Bool = false,
                importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item) {
        transferEntries = [TransferEntry(contentType: importedContentType, importer: Self.writing(importedContentType, importing))]
    }

    private static func reading(_ exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile)
        -> @Sendable (Any) async throws -> Data {
        DataRepresentation<Item>.erase { item in try Data(contentsOf: try await exporting(item).file) }
    }

    private static func writing(_ type: UTType, _ importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item)
        -> @Sendable (Data) async throws -> Any {
        { data in
            let name = "transfer-\(UUID().uuidString)" + (type.preferredFilenameExtension.map { "." + $0 } ?? "")
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(name)
            try data.write(to: file)
            // The importer reads or moves it during the call; what it leaves is removed.
            defer { try? FileManager.default.removeItem(at: file) }
            return try await importing(ReceivedTransferredFile(file: file, isOriginalFile: false))
        }
    }
}

/// An item as another transferable value, often `String` or `URL` (Apple's `ProxyRepresentation`):
/// it is exported and imported as that value's representations are.
///
/// ```swift
/// ProxyRepresentation(exporting: \.name)
/// ```
public struct ProxyRepresentation<Item: Transferable, Proxy: Transferable>: TransferRepresentation, TransferEntryListing {
    let transferEntries: [TransferEntry]

    public init(exporting: @escaping @Sendable (Item) async throws -> Proxy,
                importing: @escaping @Sendable (Proxy) async throws -> Item) {
        transferEntries = Self.entries(exporting, importing)
    }

    public init(exporting: @escaping @Sendable (Item) async throws -> Proxy) {
        transferEntries = Self.entries(exporting, nil)
    }

    public init(importing: @escaping @Sendable (Proxy) async throws -> Item) {
        transferEntries = Self.entries(nil, importing)
    }

    private static func entries(_ exporting: (@Sendable (Item) async throws -> Proxy)?,
                                _ importing: (@Sendable (Proxy) async throws -> Item)?) -> [TransferEntry] {
        TransferEntry.entries(of: Proxy.transferRepresentation).compactMap { proxied in
            var entry = TransferEntry(contentType: proxied.contentType)
            if let exporting, let export = proxied.export {
                entry.export = DataRepresentation<Item>.erase { item in try await export(try await exporting(item)) }
            }
            if let importing, let importer = proxied.importer {
                entry.importer = { data in
                    guard let proxy = try await importer(data) as? Proxy else { throw TransferError.noImport(Proxy.self, nil) }
                    return try await importing(proxy)
                }
            }
            return entry.export == nil && entry.importer == nil ? nil : entry
        }
    }
}

/// An item as its `Codable` JSON (Apple's `CodableRepresentation`).
public struct CodableRepresentation<Item: Transferable & Codable>: TransferRepresentation, TransferEntryListing {
    let transferEntries: [TransferEntry]

    public init(contentType: UTType) {
        self.init(for: Item.self, contentType: contentType)
    }

    public init(for itemType: Item.Type, contentType: UTType, encoder: JSONEncoder = JSONEncoder(),
                decoder: JSONDecoder = JSONDecoder()) {
        transferEntries = [TransferEntry(contentType: contentType,
                                         export: DataRepresentation<Item>.erase { try encoder.encode($0) },
                                         importer: { try decoder.decode(Item.self, from: $0) })]
    }
}

/// A representation with a modifier applied (``TransferRepresentation/suggestedFileName(_:)-(String)``,
/// ``TransferRepresentation/exportingCondition(_:)``, ``TransferRepresentation/visibility(_:)``).
public struct ModifiedTransferRepresentation<Item: Transferable>: TransferRepresentation, TransferEntryListing {
    let transferEntries: [TransferEntry]
}

extension TransferRepresentation {
    /// The file name an export of this representation suggests.
    public func suggestedFileName(_ fileName: String) -> ModifiedTransferRepresentation<Item> {
        modified { $0.fileName = { _ in fileName } }
    }

    /// The file name an export of this representation suggests, from the item.
    public func suggestedFileName(_ fileName: @escaping @Sendable (Item) -> String?) -> ModifiedTransferRepresentation<Item> {
        modified { $0.fileName = { ($0 as? Item).flatMap(fileName) } }
    }

    /// Exports only items for which `condition` holds (imports are unaffected).
    public func exportingCondition(_ condition: @escaping @Sendable (Item) -> Bool) -> ModifiedTransferRepresentation<Item> {
        modified { $0.condition = { ($0 as? Item).map(condition) ?? false } }
    }

    /// Whom the representation is offered to; accepted (see ``TransferRepresentationVisibility``).
    public func visibility(_ visibility: TransferRepresentationVisibility) -> ModifiedTransferRepresentation<Item> {
        modified { _ in }
    }

    private func modified(_ change: (inout TransferEntry) -> Void) -> ModifiedTransferRepresentation<Item> {
        var entries = TransferEntry.entries(of: self)
        for index in entries.indices { change(&entries[index]) }
        return ModifiedTransferRepresentation(transferEntries: entries)
    }
}

extension String: Transferable {
    @TransferRepresentationBuilder<String> public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(contentType: .utf8PlainText, exporting: { Data($0.utf8) },
                           importing: { String(decoding: $0, as: UTF8.self) })
        DataRepresentation(contentType: .plainText, exporting: { Data($0.utf8) },
                           importing: { String(decoding: $0, as: UTF8.self) })
    }
}

extension Data: Transferable {
    @TransferRepresentationBuilder<Data> public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(contentType: .data, exporting: { $0 }, importing: { $0 })
    }
}

extension URL: Transferable {
    @TransferRepresentationBuilder<URL> public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(contentType: .url, exporting: { Data($0.absoluteString.utf8) }, importing: { data in
            guard let url = URL(string: String(decoding: data, as: UTF8.self)) else {
                throw TransferError.noImport(URL.self, .url)
            }
            return url
        })
    }
}
