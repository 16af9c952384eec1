// libFuzzer target: the record decoders (docs/records.md). Built by tools/fuzz, not by
// `swift build`. A record that decodes must encode, and decode again to the same record;
// through the codec over the JSON tree (JSONValueDecoder), every number must come back bit for bit.
// A record read straight from the text (`Record.read(text:)`, the store's reads) must be the
// one the tree reads; the text reading may leave any text to the tree, never read it otherwise.
import Foundation
import SpotlightModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecord(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(bytes: data, count: size)
    if let read = Record.read(text: UnsafeRawBufferPointer(start: data, count: size)) {
        let tree = try? JSONValue.parse(bytes).decode(Record.self)
        precondition(tree == read, "the text reading and the tree differ: \(String(decoding: bytes, as: UTF8.self))")
    }
    if let value = try? JSONValue.parse(bytes), let strict = try? value.decode(Record.self),
       let tree = try? JSONValue(encoding: strict) {   // encoding refuses a non-finite double
        let text = tree.serialized()
        guard let back = try? JSONValue.parse(text).decode(Record.self) else {
            preconditionFailure("a record the codec took does not read back: \(String(decoding: text, as: UTF8.self))")
        }
        precondition(try! JSONValue(encoding: back) == tree, "a number changed on a round trip: \(String(decoding: text, as: UTF8.self))")
    }
    // Foundation's JSONDecoder only for text our parser takes: on text that ends at its 513th
    // nesting level it traps instead of throwing (swift-foundation on Linux), which is why
    // nothing in the project decodes untrusted bytes with it.
    guard (try? JSONValue.parse(bytes)) != nil,
          let record = try? JSONDecoder().decode(Record.self, from: bytes) else { return 0 }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let encoded = try? encoder.encode(record) else { return 0 }   // a non-finite double
    let again = try? JSONDecoder().decode(Record.self, from: encoded)
    precondition(again != nil, "an encoded record does not decode: \(String(decoding: encoded, as: UTF8.self))")
    precondition(again == record, "a record changed on a round trip: \(String(decoding: encoded, as: UTF8.self))")
    return 0
}
