import Foundation
import SpotlightModel
import SpotlightWire

extension DonateParams {
    /// Reads `donate`'s params straight from the wire's JSON, each record through
    /// `Record(json:)`: integers stay exact, and a number that does not fit its kind is an
    /// `invalidInput` error naming the record and the property. Faster than `Codable`, which
    /// the daemon would otherwise run over every donated record.
    ///
    /// ```swift
    /// let p = try DonateParams(json: .object(["records": .array([record.jsonValue])]))
    /// ```
    /// - Throws: `RPCError` -32602 for params or a record of the wrong shape, or an unknown
    ///   member; `SpotlightError(.invalidInput)` for a number that does not fit its kind.
    public init(json params: JSONValue?) throws {
        guard case .object(let o) = params ?? .object([:]) else {
            throw RPCError.invalidParams("params: donate takes an object")
        }
        let known = CodingKeys.allCases.map(\.rawValue)
        if let unknown = o.keys.sorted().first(where: { !known.contains($0) }) {
            throw RPCError.invalidParams("params.\(unknown): unknown member; donate takes \(known.joined(separator: ", "))")
        }
        guard case .array(let items)? = o["records"] else {
            throw RPCError.invalidParams(o["records"] == nil ? "params.records: missing (required)"
                : "params.records: expected an array of records")
        }
        var records: [Record] = []
        records.reserveCapacity(items.count)
        for (n, item) in items.enumerated() {
            switch Record.reading(json: item) {
            case .success(let record): records.append(record)
            case .failure(let problem) where problem.numberDoesNotFit:
                throw SpotlightError(.invalidInput, "records[\(n)]: \(problem.message)")
            case .failure(let problem):
                throw RPCError.invalidParams("params.records[\(n)]: \(problem.message)")
            }
        }
        self.init(records: records)
        switch o["batch"] {
        case nil, .null?: break
        case .string(let name)?: batch = name
        default: throw RPCError.invalidParams("params.batch: expected String, the name beginBatch returned")
        }
        switch o["clientState"] {
        case nil, .null?: break
        case let swap?:
            do {
                clientState = try swap.decode(ClientStateSwap.self)
            } catch {
                throw RPCError.invalidParams("params.clientState: expected {\"expected\": base64 or null, "
                    + "\"new\": base64} (\(error))")
            }
        }
    }
}

extension GetResult {
    /// The JSON form, each record written by `Record.jsonValue`: a double stays a double on
    /// the wire (`2.0`, not Foundation's `2`), an int is its digits.
    public var jsonValue: JSONValue { .object(["records": .array(records.map(\.jsonValue))]) }
}

extension ExportResult {
    /// The JSON form, records written as in ``GetResult/jsonValue``.
    public var jsonValue: JSONValue {
        var o: [String: JSONValue] = ["records": .array(records.map(\.jsonValue))]
        if let next {
            o["next"] = .object(["bundle": .string(next.bundle), "type": .string(next.type), "id": .string(next.id)])
        }
        return .object(o)
    }
}
