// libFuzzer target: the record decoders (docs/records.md). Built by tools/fuzz, not by
// `swift build`. A record that decodes must encode, and decode again to the same record;
// through the strict reader, every number must come back bit for bit.
import Foundation
import SpotlightModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecord(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(bytes: data, count: size)
    if let value = try? JSONValue.parse(bytes), case .success(let strict) = Record.reading(json: value) {
        let text = strict.jsonValue.serialized()
        guard case .success(let back)? = (try? JSONValue.parse(text)).map(Record.reading(json:)) else {
            preconditionFailure("a record the strict reader took does not read back: \(String(decoding: text, as: UTF8.self))")
        }
        precondition(back.jsonValue == strict.jsonValue, "a number changed on a round trip: \(String(decoding: text, as: UTF8.self))")
    }
    guard let record = try? JSONDecoder().decode(Record.self, from: bytes) else { return 0 }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let encoded = try? encoder.encode(record) else { return 0 }   // a non-finite double
    let again = try? JSONDecoder().decode(Record.self, from: encoded)
    precondition(again != nil, "an encoded record does not decode: \(String(decoding: encoded, as: UTF8.self))")
    precondition(again == record, "a record changed on a round trip: \(String(decoding: encoded, as: UTF8.self))")
    return 0
}
