// libFuzzer target: the record decoder (docs/records.md). Built by tools/fuzz, not by
// `swift build`. A record that decodes must encode, and decode again to the same record.
import Foundation
import SpotlightModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecord(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(bytes: data, count: size)
    guard let record = try? JSONDecoder().decode(Record.self, from: bytes) else { return 0 }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let encoded = try? encoder.encode(record) else { return 0 }   // a non-finite double
    let again = try? JSONDecoder().decode(Record.self, from: encoded)
    precondition(again != nil, "an encoded record does not decode: \(String(decoding: encoded, as: UTF8.self))")
    precondition(again == record, "a record changed on a round trip: \(String(decoding: encoded, as: UTF8.self))")
    return 0
}
