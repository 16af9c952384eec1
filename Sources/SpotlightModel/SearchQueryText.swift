/// A query's params written straight as JSON text, without the `JSONValue` tree its `Codable`
/// form goes through: building that tree was about 8 µs of each query a client sends.
extension SearchQuery {
    /// The JSON text this query encodes to: the members its `Codable` form writes (nil ones
    /// left out), each as that form writes it, so the text parses to the same value. nil for a
    /// query with a ``sort`` or ``snippets`` (nested members, left to the tree) or a non-finite
    /// ``maxIndexWait`` (which the tree refuses with its error).
    ///
    /// ```swift
    /// SearchQuery(text: "moon", limit: 10).jsonText()   // {"text":"moon","offset":0,"limit":10}
    /// ```
    package func jsonText() -> [UInt8]? {
        guard sort == nil, snippets == nil, maxIndexWait?.isFinite ?? true else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(64 + (text?.utf8.count ?? 0))
        out.append(UInt8(ascii: "{"))
        var first = true
        func name(_ key: CodingKeys) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: key.rawValue.utf8)
            out.append(contentsOf: "\":".utf8)
        }
        func string(_ key: CodingKeys, _ value: String?) {
            guard let value else { return }
            name(key)
            JSONTextWriter.writeString(value, into: &out)
        }
        func strings(_ key: CodingKeys, _ values: [String]?) {
            guard let values else { return }
            name(key)
            out.append(UInt8(ascii: "["))
            for (k, value) in values.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                JSONTextWriter.writeString(value, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        func int(_ key: CodingKeys, _ value: Int?) {
            guard let value else { return }
            name(key)
            out.append(contentsOf: String(value).utf8)
        }
        func bool(_ key: CodingKeys, _ value: Bool?) {
            guard let value else { return }
            name(key)
            out.append(contentsOf: (value ? "true" : "false").utf8)
        }
        string(.text, text)
        strings(.bundles, bundles)
        strings(.types, types)
        int(.offset, offset)
        int(.limit, limit)
        strings(.facets, facets)
        string(.spelling, spelling?.rawValue)
        int(.completions, completions)
        bool(.explain, explain)
        string(.language, language)
        bool(.timing, timing)
        if let maxIndexWait {
            name(.maxIndexWait)
            JSONTextWriter.write(.double(maxIndexWait), sortingKeys: false, into: &out)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }
}
