import Foundation

/// Any member name, to list what an object holds.
struct MemberName: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Throws a decoding error naming the first member of the params object that `known` lacks,
/// so a misspelt option (`"replcae": true`) is an error instead of silently ignored.
func refuseUnknownMembers(_ decoder: any Decoder, known: [String], method: String) throws {
    let members = try decoder.container(keyedBy: MemberName.self)
    if let unknown = members.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: decoder.codingPath + [MemberName(stringValue: unknown)],
            debugDescription: "unknown member; \(method) takes \(known.joined(separator: ", "))"))
    }
}
