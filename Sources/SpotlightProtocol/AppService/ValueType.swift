import Foundation

/// The type of an intent parameter, an entity property or an intent's returned value, as
/// `describe` reports it.
///
/// JSON form: one string. `"string"`, `"int"`, `"double"`, `"bool"`, `"date"`, `"url"`,
/// `"enum:CalendarColor"`, `"entity:EventEntity"`, `"[int]"` for an array of the inner type, and
/// `"int|double"` for a union value (`@UnionValue`), one of its case types.
/// Optionality is a separate flag (`isOptional`) on the parameter or property.
///
/// ```swift
/// ValueType(description: "[entity:EventEntity]") == .array(.entity("EventEntity"))  // true
/// ```
public indirect enum ValueType: Hashable, Sendable, Codable, CustomStringConvertible {
    case string, int, double, bool, date, url
    /// An `AppEnum`, by type name.
    case appEnum(String)
    /// An `AppEntity`, by type name.
    case entity(String)
    case array(ValueType)
    /// A union value (IntentKit's `AppUnionValue`): a value of one of these types, its cases' in order.
    case union([ValueType])

    public var description: String {
        switch self {
        case .string: return "string"
        case .int: return "int"
        case .double: return "double"
        case .bool: return "bool"
        case .date: return "date"
        case .url: return "url"
        case .appEnum(let name): return "enum:\(name)"
        case .entity(let name): return "entity:\(name)"
        case .array(let element): return "[\(element)]"
        case .union(let members): return members.map(\.description).joined(separator: "|")
        }
    }

    /// Parses the JSON form; `nil` if `description` is not one.
    public init?(description: String) {
        switch description {
        case "string": self = .string
        case "int": self = .int
        case "double": self = .double
        case "bool": self = .bool
        case "date": self = .date
        case "url": self = .url
        default:
            if let members = Self.unionMembers(description) {
                self = .union(members)
            } else if description.hasPrefix("["), description.hasSuffix("]"), description.count > 2,
               let element = ValueType(description: String(description.dropFirst().dropLast())) {
                self = .array(element)
            } else if description.hasPrefix("enum:"), description.count > 5 {
                self = .appEnum(String(description.dropFirst(5)))
            } else if description.hasPrefix("entity:"), description.count > 7 {
                self = .entity(String(description.dropFirst(7)))
            } else {
                return nil
            }
        }
    }

    /// The members of a union's form, split at the `|`s outside brackets; nil when there is none
    /// or a member is not a type.
    private static func unionMembers(_ description: String) -> [ValueType]? {
        var parts: [String] = [], current = "", depth = 0
        for character in description {
            switch character {
            case "[": depth += 1
            case "]": depth -= 1
            case "|" where depth == 0:
                parts.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        guard !parts.isEmpty else { return nil }
        parts.append(current)
        var members: [ValueType] = []
        for part in parts {
            guard let member = ValueType(description: part), !member.isUnion else { return nil }
            members.append(member)
        }
        return members
    }

    private var isUnion: Bool {
        if case .union = self { return true }
        return false
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        guard let type = ValueType(description: text) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription:
                "not a value type: \(text) (expected string, int, double, bool, date, url, "
                    + "enum:Name, entity:Name, [type] or type|type)")
        }
        self = type
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}
