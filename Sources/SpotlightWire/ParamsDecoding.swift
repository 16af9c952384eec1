import SpotlightModel

extension Optional where Wrapped == JSONValue {
    /// Decodes a request's params as `T`; missing params decode as an empty object.
    /// A mismatch becomes an invalid-params error naming the field path and the
    /// expected type, ready to be sent back.
    ///
    /// ```swift
    /// struct QueryParams: Decodable { var text: String; var limit: Int? }
    /// let query = try params.decode(QueryParams.self)
    /// // params {"text": 3} -> -32602 "invalid params: params.text: expected String, found number 3"
    /// ```
    /// - Throws: `RPCError` with code -32602.
    public func decode<T: Decodable>(_ type: T.Type) throws(RPCError) -> T {
        let value = self ?? .object([:])
        do {
            return try value.decode(T.self)
        } catch let error as DecodingError {
            throw .invalidParams(ParamsDecoding.describe(error, in: value))
        } catch {
            throw .invalidParams("\(error)")
        }
    }
}

/// Words for a DecodingError: where in the params it happened and what was expected.
package enum ParamsDecoding {
    package static func describe(_ error: DecodingError, in params: JSONValue?) -> String {
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(typeName(type))\(found(at: context.codingPath, in: params))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(typeName(type)), found null"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing (required)"
        case .dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// `params.a.b[2].c`
    package static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("params") { result, key in
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == "\(index)" {
                return "\(result)[\(index)]"
            }
            return "\(result).\(key.stringValue)"
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        let name = String(describing: type)
        switch name {
        case "Dictionary<String, Any>": return "an object"
        case "Array<Any>": return "an array"
        default: return name
        }
    }

    /// ", found number 3" when the value at `codingPath` can be found.
    private static func found(at codingPath: [any CodingKey], in params: JSONValue?) -> String {
        guard var value = params else { return "" }
        for key in codingPath {
            if let index = key.intValue, case .array(let items) = value, items.indices.contains(index) {
                value = items[index]
            } else if let member = value[key.stringValue] {
                value = member
            } else {
                return ""
            }
        }
        return ", found \(describe(value))"
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return "boolean \(flag)"
        case .int, .double: return "number \(compact(value))"
        case .string: return "string \(compact(value))"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    private static func compact(_ value: JSONValue) -> String {
        let text = (try? RPCCoding.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
        return text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}
