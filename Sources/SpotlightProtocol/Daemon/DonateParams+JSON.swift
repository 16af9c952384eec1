import Foundation
import SpotlightModel
import SpotlightWire

extension DonateParams {
    /// Reads `donate`'s params from the wire's JSON with ``JSONValueDecoder``, telling the two
    /// kinds of refusal apart: a record whose number does not fit its kind is `invalidInput`
    /// naming the record and the property (docs/records.md, Numbers); any other wrong shape,
    /// or an unknown member, is -32602 naming the field path.
    ///
    /// ```swift
    /// let p = try DonateParams(json: .object(["records": .array([JSONValue(encoding: record)])]))
    /// ```
    /// - Throws: `RPCError` -32602, or `SpotlightError(.invalidInput)` for a number.
    public init(json params: JSONValue?) throws {
        do {
            self = try JSONValueDecoder().decode(DonateParams.self, from: params ?? .object([:]))
        } catch let error as DecodingError {
            if let problem = NumberDoesNotFit.carried(by: error), case .dataCorrupted(let context) = error {
                // params.records[1] -> records[1]
                let place = ParamsDecoding.path(context.codingPath).dropFirst("params.".count)
                throw SpotlightError(.invalidInput, "\(place): \(problem.message)")
            }
            throw RPCError.invalidParams(ParamsDecoding.describe(error, in: params))
        }
    }
}

extension DonateParams: JSONTreeReadable {
    /// The usual shape, read without keyed containers (they took a third of a single
    /// donation's handling): records of the usual shape and an optional batch name. Anything
    /// else (a client state, an unknown member, a number to check) goes through
    /// `init(from:)`, which words the refusal.
    package static func read(_ value: JSONValue) -> DonateParams? {
        guard case .object(let members) = value, case .array(let recordValues)? = members["records"] else { return nil }
        var batch: String?
        for (name, member) in members where name != "records" {
            switch (name, member) {
            case ("batch", .string(let text)): batch = text
            case ("batch", .null), ("clientState", .null): break
            default: return nil
            }
        }
        var records: [Record] = []
        records.reserveCapacity(recordValues.count)
        for recordValue in recordValues {
            guard let record = Record.read(recordValue) else { return nil }
            records.append(record)
        }
        return DonateParams(records: records, batch: batch)
    }
}
