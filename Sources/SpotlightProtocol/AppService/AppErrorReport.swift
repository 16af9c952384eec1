import Foundation
import SpotlightModel

/// An error the app's own code threw (from `perform()` or an entity query), described so that
/// a test process can assert on it exactly: its text as the app would show it, its type and
/// enum case, and, for a `Codable` error, its value.
///
/// It travels as the JSON text (sorted keys) of the `underlying` cause of the `SpotlightError`
/// (code `intentFailed`, or the app's own `SpotlightError` code), whose message stays readable (`"CreateTaskIntent.perform() threw: …"`).
///
/// ```swift
/// let report = AppErrorReport(TaskError.emptyTitle, thrownBy: "CreateTaskIntent.perform()")
/// report.caseName               // "emptyTitle"
/// report.localizedDescription   // the error's errorDescription, exactly
/// ```
public struct AppErrorReport: Codable, Hashable, Sendable {
    /// Where it was thrown: `CreateTaskIntent.perform()`, `TaskEntity.defaultQuery.entities(matching:)`.
    public var thrownBy: String
    /// The type's name: `TaskError`.
    public var typeName: String
    /// With its module: `taskdeck.TaskError`.
    public var qualifiedTypeName: String
    /// The runtime's mangled name of the type, with which a process that links the type finds it.
    public var mangledTypeName: String?
    /// The enum case, for an enum: `emptyTitle` (also for a case with associated values).
    public var caseName: String?
    /// `localizedDescription` in the app: a `LocalizedError`'s `errorDescription`, or Foundation's default.
    public var localizedDescription: String
    /// `String(describing:)` of the error.
    public var description: String
    /// The error encoded, when its type is `Encodable`.
    public var value: JSONValue?
    /// The error's bytes (base64), when the value holds no references (a struct of numbers, an
    /// enum case without associated values): the same module linked into the tests rebuilds it.
    public var plainBytes: String?

    public init(thrownBy: String, typeName: String, qualifiedTypeName: String, mangledTypeName: String?,
                caseName: String?, localizedDescription: String, description: String, value: JSONValue?,
                plainBytes: String? = nil) {
        self.thrownBy = thrownBy
        self.typeName = typeName
        self.qualifiedTypeName = qualifiedTypeName
        self.mangledTypeName = mangledTypeName
        self.caseName = caseName
        self.localizedDescription = localizedDescription
        self.description = description
        self.value = value
        self.plainBytes = plainBytes
    }

    /// Describes `error` as thrown by `thrownBy`; `localizedDescription` replaces the error's
    /// own (the text a framework above shows for it, e.g. App Intents' `localizedStringResource`).
    public init(_ error: any Error, thrownBy: String, localizedDescription: String? = nil) {
        let type = Swift.type(of: error)
        self.init(thrownBy: thrownBy, typeName: String(describing: type), qualifiedTypeName: String(reflecting: type),
                  mangledTypeName: _mangledTypeName(type), caseName: Self.caseName(of: error),
                  localizedDescription: localizedDescription ?? error.localizedDescription, description: String(describing: error),
                  value: (error as? any Encodable).flatMap { try? JSONValue(encoding: $0) },
                  plainBytes: Self.plainBytes(of: error))
    }

    /// The bytes of a value that holds no references, base64: a value of a plain-data type
    /// (`_isPOD`), or an enum case without associated values (whatever the enum's other cases
    /// hold); nil for any other value.
    static func plainBytes(of value: any Error) -> String? {
        func bytes<T>(_ value: T) -> String? {
            let mirror = Mirror(reflecting: value)
            let holdsNoReferences = _isPOD(T.self) || (mirror.displayStyle == .enum && mirror.children.isEmpty)
            guard holdsNoReferences, MemoryLayout<T>.size <= 64 else { return nil }
            return withUnsafeBytes(of: value) { Data($0).base64EncodedString() }
        }
        return _openExistential(value, do: bytes)
    }

    /// Rebuilds the value from ``plainBytes`` as `T`, the type ``mangledTypeName`` names (the
    /// caller found it by that name); nil when there are no bytes or they are not of `T`'s size.
    /// The app sends bytes only for values that hold no references, so copying them is safe.
    public func plainValue<T>(as type: T.Type) -> T? {
        guard let text = plainBytes, let data = Data(base64Encoded: text), data.count == MemoryLayout<T>.size,
              !data.isEmpty || MemoryLayout<T>.size == 0 else { return nil }
        let memory = UnsafeMutableRawPointer.allocate(byteCount: max(data.count, 1), alignment: MemoryLayout<T>.alignment)
        defer { memory.deallocate() }
        data.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress!, byteCount: data.count) }
        return memory.load(as: T.self)
    }

    /// The enum case name of a value (`emptyTitle` for `TaskError.emptyTitle` and for
    /// `TaskError.tooLong(limit: 5)`); nil when the value is not an enum.
    public static func caseName(of value: Any) -> String? {
        func name<T>(_ value: T) -> String? { swiftEnumCaseName(value).map { String(cString: $0) } }
        return _openExistential(value, do: name)
    }

    /// The JSON text carried as a `SpotlightError`'s `underlying`.
    public var jsonText: String {
        guard let data = try? JSONEncoder.sortedKeys.encode(self) else { return description }
        return String(decoding: data, as: UTF8.self)
    }

    /// The report an error from the app carries, if it carries one.
    public init?(carriedBy error: SpotlightError) {
        guard let text = error.underlying, text.hasPrefix("{"),
              let report = try? JSONValue.parse(Data(text.utf8)).decode(AppErrorReport.self) else { return nil }
        self = report
    }
}

extension SpotlightError {
    /// The error for an error the app's code threw: the readable message, the
    /// ``AppErrorReport`` as its underlying cause, and code `intentFailed` (the thrower's code
    /// when it threw a `SpotlightError`).
    ///
    /// The message and the report's texts are cut to ``appTextLimit`` bytes each (saying so), and a
    /// `value` whose JSON is longer is left out: an answer over the wire's 16 MiB frame limit would
    /// break the caller's connection, and every call in flight on it, instead of reaching it.
    public static func appFailure(_ error: any Error, thrownBy: String, message: String,
                                  localizedDescription: String? = nil) -> SpotlightError {
        var report = AppErrorReport(error, thrownBy: thrownBy, localizedDescription: localizedDescription)
        report.localizedDescription = report.localizedDescription.cutToAppTextLimit()
        report.description = report.description.cutToAppTextLimit()
        if let value = report.value, ((try? JSONEncoder().encode(value))?.count ?? 0) > appTextLimit { report.value = nil }
        return SpotlightError((error as? SpotlightError)?.code ?? .intentFailed, message.cutToAppTextLimit(),
                              underlying: report.jsonText)
    }

    /// The most bytes of each of an app's error texts (message, description, value) an answer
    /// carries: 64 KiB, so that even escaped twice (the report is JSON inside the JSON answer) the
    /// answer stays far below the frame limit.
    public static let appTextLimit = 1 << 16
}

fileprivate extension String {
    /// The text, or its first ``SpotlightError/appTextLimit`` bytes (whole Unicode scalars) and how much was cut.
    func cutToAppTextLimit() -> String {
        guard utf8.count > SpotlightError.appTextLimit else { return self }
        var end = utf8.index(startIndex, offsetBy: SpotlightError.appTextLimit)
        while end.samePosition(in: unicodeScalars) == nil { end = utf8.index(before: end) }
        let kept = String(unicodeScalars[..<end])
        return kept + " … (\(utf8.count - kept.utf8.count) more bytes cut: an app's error text is cut to 64 KiB)"
    }
}

private extension JSONEncoder {
    static var sortedKeys: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

/// The runtime's name of the case an enum value holds (what `print` uses).
@_silgen_name("swift_EnumCaseName")
private func swiftEnumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?
