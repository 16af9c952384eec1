import Foundation
import SpotlightModel

// The params and results of `setSynonyms` and `synonyms`: a bundle's synonym table
// (docs/protocol.md; the query behaviour in docs/query.md).

/// `setSynonyms`: merge terms into a bundle's synonym table (an empty list removes a term), or
/// with `replace` make them the whole table. Unknown members are refused.
///
/// ```json
/// {"jsonrpc":"2.0","id":1,"method":"setSynonyms","params":{"bundle":"com.example.CometCal","synonyms":{"tv":["television"]}}}
/// ```
public struct SetSynonymsParams: Codable, Sendable, Hashable {
    /// Default: the caller's bundle.
    public var bundle: String?
    /// Term -> synonyms.
    public var synonyms: [String: [String]]
    /// true: the table becomes exactly `synonyms`; false (default): merge.
    public var replace: Bool?

    public init(bundle: String? = nil, synonyms: [String: [String]], replace: Bool? = nil) {
        self.bundle = bundle
        self.synonyms = synonyms
        self.replace = replace
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case bundle, synonyms, replace }

    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "setSynonyms")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        bundle = try c.decodeIfPresent(String.self, forKey: .bundle)
        synonyms = try c.decode([String: [String]].self, forKey: .synonyms)
        replace = try c.decodeIfPresent(Bool.self, forKey: .replace)
    }
}

public struct SetSynonymsResult: Codable, Sendable, Hashable {
    /// How many terms the bundle's table holds now.
    public var terms: Int
    public init(terms: Int) { self.terms = terms }
}

/// `synonyms`: a bundle's synonym table (default: the caller's bundle). Unknown members are refused.
public struct SynonymsParams: Codable, Sendable, Hashable {
    public var bundle: String?
    public init(bundle: String? = nil) { self.bundle = bundle }

    enum CodingKeys: String, CodingKey, CaseIterable { case bundle }

    public init(from decoder: any Decoder) throws {
        try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "synonyms")
        bundle = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .bundle)
    }
}

public struct SynonymsResult: Codable, Sendable, Hashable {
    /// Term -> synonyms, folded as the daemon keeps them.
    public var synonyms: [String: [String]]
    public init(synonyms: [String: [String]]) { self.synonyms = synonyms }
}
