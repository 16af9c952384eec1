import Foundation
import SpotlightModel
import SpotlightWire

/// Params of `exportEntity`: one entity of a `Transferable` type, and the content type wanted
/// (a uniform type identifier, `public.plain-text`).
public struct ExportEntityParams: Codable, Hashable, Sendable {
    public var type: String
    public var id: String
    public var contentType: String
    enum CodingKeys: String, CodingKey, CaseIterable { case type, id, contentType }
    public init(type: String, id: String, contentType: String) {
        self.type = type
        self.id = id
        self.contentType = contentType
    }
    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "exportEntity")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(type: try c.decode(String.self, forKey: .type), id: try c.decode(String.self, forKey: .id),
                  contentType: try c.decode(String.self, forKey: .contentType))
    }
}

/// The answer to `exportEntity`: the entity's data, base64, with the content type of the
/// representation that made it (the one asked for, or one that conforms to it) and the file
/// name the representation suggests.
public struct ExportEntityResult: Codable, Hashable, Sendable {
    public var contentType: String
    /// The bytes, base64 (RFC 4648, with padding).
    public var data: String
    public var suggestedFileName: String?
    public init(contentType: String, data: Data, suggestedFileName: String?) {
        self.contentType = contentType
        self.data = data.base64EncodedString()
        self.suggestedFileName = suggestedFileName
    }
    /// The bytes; nil when `data` is not base64.
    public var bytes: Data? { Data(base64Encoded: data) }
}
