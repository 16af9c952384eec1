import Foundation
import SpotlightModel
import SpotlightProtocol
import SpotlightWire

/// An error the app's own code threw, from `perform()` or one of its entity queries, when
/// the test process cannot have the app's error value itself (its type is not linked into
/// the tests, or it cannot be rebuilt). Errors of the harness or of the call (an unknown
/// intent, a value that does not convert, a crash, a timeout) are ``SpotlightError``s instead,
/// so the two stay apart.
///
/// Where the test target links the module that declares the app's error type (it depends on
/// the app's target and imports it) and the value can be rebuilt (a `Codable` error, an enum
/// without associated values or another plain-data type, a `CaseIterable` enum), the harness
/// throws the app's own value instead, so `catch let error as TaskError` and
/// `#expect(throws: TaskError.emptyTitle)` work.
///
/// ```swift
/// do {
///     try await createTask.makeIntent(title: "").run()
/// } catch let error as AppIntentError {
///     XCTAssertEqual(error.localizedDescription, "任务标题不能为空")   // the app's errorDescription
///     XCTAssertEqual(error.typeName, "TaskError")
///     XCTAssertEqual(error.caseName, "emptyTitle")
/// }
/// ```
public struct AppIntentError: LocalizedError, CustomStringConvertible, Hashable, Sendable {
    /// What the app reported about its error.
    public let report: AppErrorReport

    public init(report: AppErrorReport) { self.report = report }

    /// The error's text as the app has it: its `errorDescription` (a `LocalizedError`), else
    /// Foundation's default `localizedDescription` in the app. `localizedDescription` is the same.
    public var errorDescription: String? { report.localizedDescription }

    /// The type's name, `TaskError`.
    public var typeName: String { report.typeName }
    /// The type's name with its module, `taskdeck.TaskError`.
    public var qualifiedTypeName: String { report.qualifiedTypeName }
    /// The enum case, `emptyTitle` (also for a case with associated values); nil for a struct or class.
    public var caseName: String? { report.caseName }
    /// Where the app threw it: `CreateTaskIntent.perform()`.
    public var thrownBy: String { report.thrownBy }
    /// The error encoded as JSON, when its type is `Encodable`.
    public var value: JSONValue? { report.value }

    /// `CreateTaskIntent.perform() threw TaskError.emptyTitle: 任务标题不能为空`.
    public var description: String {
        "\(report.thrownBy) threw \(report.typeName)\(report.caseName.map { ".\($0)" } ?? ""): \(report.localizedDescription)"
    }

    /// The app's error as its own type, when this process links the type: decoded from its
    /// JSON (a `Decodable` error), or its case by name (a `CaseIterable` enum).
    ///
    /// ```swift
    /// let error = try #require(appError.appValue(as: TaskError.self))
    /// ```
    public func appValue<E: Error>(as type: E.Type) -> E? {
        AppErrorValue.rebuild(report) as? E
    }
}

/// Rebuilding the app's own error value in the test process.
enum AppErrorValue {
    /// The error to throw for what the app reported: its own value when this process links the
    /// type and can rebuild it, else an ``AppIntentError``.
    static func error(for report: AppErrorReport) -> any Error {
        guard report.qualifiedTypeName != String(reflecting: SpotlightError.self) else { return AppIntentError(report: report) }
        return rebuild(report) ?? AppIntentError(report: report)
    }

    static func rebuild(_ report: AppErrorReport) -> (any Error)? {
        guard let mangled = report.mangledTypeName, let type = _typeByName(mangled) else { return nil }
        if let value = report.value, let decodable = type as? any (Error & Decodable).Type {
            func decode<E: Error & Decodable>(_ type: E.Type) -> (any Error)? { try? value.decode(E.self) }
            if let decoded = decode(decodable) { return decoded }
        }
        if let errorType = type as? any Error.Type {
            func load<E: Error>(_ type: E.Type) -> (any Error)? { report.plainValue(as: E.self) }
            if let loaded = load(errorType) { return loaded }
        }
        if let caseName = report.caseName, let enumerable = type as? any CaseIterable.Type {
            func find<E: CaseIterable>(_ type: E.Type) -> (any Error)? {
                E.allCases.first { AppErrorReport.caseName(of: $0) == caseName } as? any Error
            }
            return find(enumerable)
        }
        return nil
    }
}
