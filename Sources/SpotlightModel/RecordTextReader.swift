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
        var reader = JSONPullReader(bytes: text)
        guard let record = reader.record(), reader.atEnd() else { return nil }
        return record
    }
}

extension JSONPullReader {
    /// A record of the usual shape (``Record/read(_:)``'s), or nil.
    mutating func record() -> Record? {
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
            guard let name = memberKey(), let value = propertyValue() else { return nil }
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
        case _ where Self.equal(tag, "bool"): guard let flag = bool() else { return nil }; value = .bool(flag)
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
}
