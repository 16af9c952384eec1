/// JSON text for people and scripts to read: members sorted by name, two spaces of indent per
/// level, `"name" : value` as Foundation's pretty printing lays it out, and numbers as the
/// codec writes them (an int as its digits, a double always with a fraction or an exponent,
/// `2.0`, `-0.0`), so a double read back from it is still a double with its sign.
///
/// ```swift
/// JSONValue.object(["b": .double(2), "a": .array([])]).prettyText()
/// // {
/// //   "a" : [],
/// //   "b" : 2.0
/// // }
/// ```
extension JSONValue {
    public func prettyText() -> String {
        var out: [UInt8] = []
        JSONPrettyWriter.write(self, level: 0, into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

private enum JSONPrettyWriter {
    static func write(_ value: JSONValue, level: Int, into out: inout [UInt8]) {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                out.append(contentsOf: (index == 0 ? "\n" : ",\n").utf8)
                indent(level + 1, &out)
                write(element, level: level + 1, into: &out)
            }
            out.append(UInt8(ascii: "\n"))
            indent(level, &out)
            out.append(UInt8(ascii: "]"))
        case .object(let members) where !members.isEmpty:
            out.append(UInt8(ascii: "{"))
            for (index, name) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                out.append(contentsOf: (index == 0 ? "\n" : ",\n").utf8)
                indent(level + 1, &out)
                JSONTextWriter.writeString(name, into: &out)
                out.append(contentsOf: " : ".utf8)
                write(members[name]!, level: level + 1, into: &out)
            }
            out.append(UInt8(ascii: "\n"))
            indent(level, &out)
            out.append(UInt8(ascii: "}"))
        default:
            JSONTextWriter.write(value, sortingKeys: true, into: &out)
        }
    }

    private static func indent(_ level: Int, _ out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
    }
}
