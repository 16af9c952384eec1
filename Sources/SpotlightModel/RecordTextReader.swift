import Foundation

/// Reading a record straight from its JSON text, with no ``JSONValue`` tree between: a
/// query's page of hits reads ten records from the store, and building a dictionary per
/// object (the record, its properties, each property's one-key object) was most of that.
///
/// Like ``JSONTreeReadable``, it takes the usual shape only and returns nil for anything
/// else (an unknown or escaped member name, a member of another type, a number that needs
/// checking, text after the record); the text is then parsed and decoded the usual way,
/// which words every error. So a record reads the same either way.
///
/// ```swift
/// let record = try Record.read(text: bytes) ?? JSONValueDecoder().decode(Record.self, from: JSONValue.parse(bytes: bytes))
/// ```
extension Record {
    package static func read(text: UnsafeRawBufferPointer) -> Record? {
        var reader = RecordTextReader(parser: JSONTextParser(bytes: text.bindMemory(to: UInt8.self)))
        return reader.document()
    }
}

/// The pull reading behind ``Record/read(text:)``: every method returns nil (or false) where
/// the text leaves the usual shape, and the caller gives up.
struct RecordTextReader {
    var parser: JSONTextParser

    private var bytes: UnsafeBufferPointer<UInt8> { parser.bytes }

    mutating func document() -> Record? {
        guard let record = record() else { return nil }
        parser.skipSpace()
        return parser.i == bytes.count ? record : nil
    }

    private mutating func record() -> Record? {
        var bundle: String?, type: String?, id: String?
        var title: String?, subtitle: String?, domain: String?, language: String?
        var synonyms: [String] = [], keywords: [String] = []
        var properties: [String: PropertyValue] = [:]
        var expiration: Date?
        var rankingHint: Int?
        guard var more = open(UInt8(ascii: "{")) else { return nil }
        while more {
            guard let name = memberName() else { return nil }
            let isNull = nullValue()
            switch name {
            case _ where Self.equal(name, "bundle"): guard !isNull, let text = string() else { return nil }; bundle = text
            case _ where Self.equal(name, "type"): guard !isNull, let text = string() else { return nil }; type = text
            case _ where Self.equal(name, "id"): guard !isNull, let text = string() else { return nil }; id = text
            case _ where Self.equal(name, "title"): title = nil; if !isNull { guard let text = string() else { return nil }; title = text }
            case _ where Self.equal(name, "subtitle"): subtitle = nil; if !isNull { guard let text = string() else { return nil }; subtitle = text }
            case _ where Self.equal(name, "domain"): domain = nil; if !isNull { guard let text = string() else { return nil }; domain = text }
            case _ where Self.equal(name, "language"): language = nil; if !isNull { guard let text = string() else { return nil }; language = text }
            case _ where Self.equal(name, "synonyms"): synonyms = []; if !isNull { guard let texts = strings() else { return nil }; synonyms = texts }
            case _ where Self.equal(name, "keywords"): keywords = []; if !isNull { guard let texts = strings() else { return nil }; keywords = texts }
            case _ where Self.equal(name, "properties"):
                properties = [:]
                if !isNull { guard let named = propertyValues() else { return nil }; properties = named }
            case _ where Self.equal(name, "expiration"):
                expiration = nil
                if !isNull { guard let text = string(), let date = ISO8601.date(from: text) else { return nil }; expiration = date }
            case _ where Self.equal(name, "rankingHint"):
                rankingHint = nil
                if !isNull {
                    guard case .int(let hint)? = number(), (0...100).contains(hint) else { return nil }
                    rankingHint = Int(hint)
                }
            default: return nil
            }
            guard let next = close(UInt8(ascii: "}")) else { return nil }
            more = next
        }
        guard let bundle, let type, let id else { return nil }
        return Record(bundle: bundle, type: type, id: id, title: title ?? "", subtitle: subtitle, synonyms: synonyms,
                      keywords: keywords, properties: properties, domain: domain, expiration: expiration,
                      rankingHint: rankingHint, language: language)
    }

    /// `{"name":{"tag":value},...}`; a repeated name keeps its last value, as a tree would.
    private mutating func propertyValues() -> [String: PropertyValue]? {
        var properties: [String: PropertyValue] = [:]
        properties.reserveCapacity(8)   // growing from empty rehashed a fifth of this reading's time
        guard var more = open(UInt8(ascii: "{")) else { return nil }
        while more {
            parser.skipSpace()
            guard parser.i < bytes.count, bytes[parser.i] == UInt8(ascii: "\""), let name = try? parser.string() else { return nil }
            guard colon(), let value = propertyValue() else { return nil }
            properties[name] = value
            guard let next = close(UInt8(ascii: "}")) else { return nil }
            more = next
        }
        return properties
    }

    /// One property value: an object of exactly one known tag (``PropertyValue/read(_:)``'s shapes).
    private mutating func propertyValue() -> PropertyValue? {
        guard open(UInt8(ascii: "{")) == true, let tag = memberName() else { return nil }
        let value: PropertyValue
        switch tag {
        case _ where Self.equal(tag, "string"): guard let text = string() else { return nil }; value = .string(text)
        case _ where Self.equal(tag, "enum"): guard let text = string() else { return nil }; value = .enumCase(text)
        case _ where Self.equal(tag, "int"): guard case .int(let number)? = number() else { return nil }; value = .int(Int(number))
        case _ where Self.equal(tag, "double"):
            guard case .double(let number)? = number(), number.isFinite else { return nil }
            value = .double(number)
        case _ where Self.equal(tag, "bool"):
            if parser.i < bytes.count, bytes[parser.i] == UInt8(ascii: "t"), (try? parser.literal("true")) != nil { value = .bool(true) }
            else if parser.i < bytes.count, bytes[parser.i] == UInt8(ascii: "f"), (try? parser.literal("false")) != nil { value = .bool(false) }
            else { return nil }
        case _ where Self.equal(tag, "date"): guard let text = string(), let date = ISO8601.date(from: text) else { return nil }; value = .date(date)
        case _ where Self.equal(tag, "url"): guard let text = string(), let url = URL(string: text) else { return nil }; value = .url(url)
        case _ where Self.equal(tag, "entity"):
            var type: String?, id: String?, count = 0
            guard var more = open(UInt8(ascii: "{")) else { return nil }
            while more {
                guard let name = memberName(), let text = string() else { return nil }
                if Self.equal(name, "type") { type = text } else if Self.equal(name, "id") { id = text } else { return nil }
                count += 1
                guard let next = close(UInt8(ascii: "}")) else { return nil }
                more = next
            }
            guard count == 2, let type, let id else { return nil }
            value = .entity(EntityReference(type: type, id: id))
        case _ where Self.equal(tag, "array"):
            var elements: [PropertyValue] = []
            guard var more = open(UInt8(ascii: "[")) else { return nil }
            while more {
                parser.skipSpace()
                guard let element = propertyValue() else { return nil }
                elements.append(element)
                guard let next = close(UInt8(ascii: "]")) else { return nil }
                more = next
            }
            value = .array(elements)
        default: return nil
        }
        return close(UInt8(ascii: "}")) == false ? value : nil
    }

    /// Opens an object or array: true when a member or element follows, false when it is empty.
    /// Nesting counts as the tree's parse counts it, so both refuse the same depth.
    private mutating func open(_ bracket: UInt8) -> Bool? {
        parser.skipSpace()
        guard parser.i < bytes.count, bytes[parser.i] == bracket, (try? parser.nest()) != nil else { return nil }
        parser.i += 1
        parser.skipSpace()
        let closing = bracket == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if parser.i < bytes.count, bytes[parser.i] == closing { parser.i += 1; parser.depth -= 1; return false }
        return true
    }

    /// After a member or element: true after a comma (another follows), false after `closing`.
    private mutating func close(_ closing: UInt8) -> Bool? {
        parser.skipSpace()
        guard parser.i < bytes.count else { return nil }
        if bytes[parser.i] == UInt8(ascii: ",") { parser.i += 1; return true }
        if bytes[parser.i] == closing { parser.i += 1; parser.depth -= 1; return false }
        return nil
    }

    private mutating func colon() -> Bool {
        parser.skipSpace()
        guard parser.i < bytes.count, bytes[parser.i] == UInt8(ascii: ":") else { return false }
        parser.i += 1
        parser.skipSpace()
        return true
    }

    /// A member name without escapes and its colon, as the bytes of the text (no String made).
    private mutating func memberName() -> UnsafeBufferPointer<UInt8>? {
        parser.skipSpace()
        guard parser.i < bytes.count, bytes[parser.i] == UInt8(ascii: "\"") else { return nil }
        let start = parser.i + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        parser.i = end + 1
        guard colon() else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// Consumes `null` when it comes next.
    private mutating func nullValue() -> Bool {
        guard parser.i < bytes.count, bytes[parser.i] == UInt8(ascii: "n") else { return false }
        return (try? parser.literal("null")) != nil
    }

    private mutating func string() -> String? {
        guard parser.i < bytes.count, bytes[parser.i] == UInt8(ascii: "\"") else { return nil }
        return try? parser.string()
    }

    private mutating func strings() -> [String]? {
        var texts: [String] = []
        guard var more = open(UInt8(ascii: "[")) else { return nil }
        while more {
            guard let text = string() else { return nil }
            texts.append(text)
            guard let next = close(UInt8(ascii: "]")) else { return nil }
            more = next
        }
        return texts
    }

    private mutating func number() -> JSONValue? {
        guard parser.i < bytes.count, bytes[parser.i] == UInt8(ascii: "-") || JSONTextParser.isDigit(bytes[parser.i]) else { return nil }
        return try? parser.number()
    }

    private static func equal(_ name: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        name.count == word.utf8CodeUnitCount && memcmp(name.baseAddress!, word.utf8Start, name.count) == 0
    }
}
