import Foundation
import IntentKit

/// Errors the fixture's intents throw on purpose, one per way the harness hands them back.

/// An enum without associated values (plain data), with Chinese text: rebuilt as itself in a
/// test process that links this module.
enum FixtureError: Error, LocalizedError, Equatable {
    case emptyName
    case tooLong

    var errorDescription: String? {
        switch self {
        case .emptyName: return "名称不能为空"
        case .tooLong: return "名称太长了"
        }
    }
}

/// A Codable error with an associated value: rebuilt from its JSON.
enum StockError: Error, LocalizedError, Codable, Equatable {
    case insufficient(requested: Int, available: Int)

    var errorDescription: String? {
        switch self {
        case .insufficient(let requested, let available): return "only \(available) left, \(requested) requested"
        }
    }
}

/// Neither plain data nor Codable: handed back as an AppIntentError with its type and case.
enum OpaqueError: Error, LocalizedError {
    case rejected(reason: String)

    var errorDescription: String? {
        switch self {
        case .rejected(let reason): return "rejected: \(reason)"
        }
    }
}

/// Validates its input and throws the fixture's errors.
struct ValidateNameIntent: AppIntent {
    static let title: LocalizedStringResource = "Validate Name"
    static let description = IntentDescription("Throws the fixture's errors on purpose.")
    @Parameter(title: "Name") var name: String
    @Parameter(title: "Requested", default: 0) var requested: Int

    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        if name.isEmpty { throw FixtureError.emptyName }
        if name.count > 10 { throw FixtureError.tooLong }
        if requested > 3 { throw StockError.insufficient(requested: requested, available: 3) }
        if name == "opaque" { throw OpaqueError.rejected(reason: "opaque on purpose") }
        if name == "nobody" { throw AppIntentError.Unrecoverable.entityNotFound }
        return .result(value: name, dialog: "\(name) is a fine name")
    }
}
