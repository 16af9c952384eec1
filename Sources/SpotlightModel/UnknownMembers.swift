import Foundation

/// Any member name, to list what an object holds.
struct MemberName: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Throws a decoding error naming the first member (by name) of the object being decoded that
/// `known` lacks, so a misspelt option (`"replcae": true`) is an error instead of silently
/// ignored. Call it first in `init(from:)` of a message that refuses unknown members.
///
/// ```swift
/// try refuseUnknownMembers(decoder, known: CodingKeys.allCases.map(\.rawValue), method: "donate")
/// // {"records": [], "replcae": true} -> params.replcae: unknown member; donate takes records, clientState, batch
/// ```
public func refuseUnknownMembers(_ decoder: any Decoder, known: [String], method: String) throws {
    let members = try decoder.container(keyedBy: MemberName.self)
    let unknown = members.allKeys.map(\.stringValue).filter { !known.contains($0) }
    if let first = unknown.min() {
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: decoder.codingPath + [MemberName(stringValue: first)],
            debugDescription: "unknown member; \(method) takes \(known.joined(separator: ", "))"))
    }
}
