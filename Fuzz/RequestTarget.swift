// libFuzzer target: a frame as the daemon decodes it, JSON, then JSON-RPC, then the params of
// every daemon method. Built by tools/fuzz, not by `swift build`. Every failure must be a
// thrown error (that becomes an error response), never a crash.
import Foundation
import SpotlightModel
@testable import SpotlightWire

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let frame = Array(UnsafeBufferPointer(start: data, count: size))
    guard let value = try? RPCCoding.decode(frame) else { return 0 }
    guard case .success(let message) = RPCMessageParser.message(from: value) else { return 0 }
    let params: JSONValue?
    switch message {
    case .request(let request): params = request.params
    case .notification(let notification): params = notification.params
    case .response: return 0
    }
    _ = try? params.decode(HelloParams.self)
    _ = try? params.decode(DonateParams.self)
    _ = try? params.decode(ClientStateParams.self)
    _ = try? params.decode(DeleteParams.self)
    _ = try? params.decode(SearchQuery.self)
    _ = try? params.decode(GetParams.self)
    _ = try? params.decode(RebuildParams.self)
    _ = try? params.decode(ExportParams.self)
    _ = try? params.decode(BeginBatchParams.self)
    _ = try? params.decode(EndBatchParams.self)
    _ = try? params.decode(AbandonBatchParams.self)
    if let donation = try? DonateParams(json: params) {
        // The daemon's own reader: what it accepts is written again exactly as it reads back.
        guard let written = try? JSONValue(encoding: donation.records) else { return 0 }   // a non-finite double
        let again = try? JSONValue.parse(written.serialized())
        precondition(again == written, "a donated record does not read back as written: \(String(decoding: written.serialized(), as: UTF8.self))")
    }
    if let donation = try? params.decode(DonateParams.self) {
        // What the daemon answers is encoded again: that must not fail either.
        _ = try? RPCCoding.encode(try JSONValue(encoding: donation.records))
    }
    return 0
}
