import Foundation

/// A Swift value a returned ``AppValue`` compares with: `String`, `Int`, `Double`, `Bool`,
/// `Date`, `URL`, `UUID`, an entity, an enum case, and optionals and arrays of these.
///
/// ```swift
/// let id = created.id
/// XCTAssertEqual(result.value, id)        // a String variable, not only a literal
/// #expect(result.value == count)          // an Int variable
/// #expect(try author.id == authorID)      // a UUID: an entity's id declared as UUID
/// ```
public protocol AppValueComparable {
    /// The value as the app would have returned it.
    var comparedAppValue: AppValue { get }
}

extension String: AppValueComparable { public var comparedAppValue: AppValue { AppValue(.string(self)) } }
extension Int: AppValueComparable { public var comparedAppValue: AppValue { AppValue(.int(self)) } }
extension Double: AppValueComparable { public var comparedAppValue: AppValue { AppValue(.double(self)) } }
extension Bool: AppValueComparable { public var comparedAppValue: AppValue { AppValue(.bool(self)) } }
extension Date: AppValueComparable { public var comparedAppValue: AppValue { AppValue(.date(self)) } }
extension URL: AppValueComparable { public var comparedAppValue: AppValue { AppValue(.url(self)) } }
extension UUID: AppValueComparable { public var comparedAppValue: AppValue { AppValue(.string(uuidString)) } }
extension EntityRepresentation: AppValueComparable { public var comparedAppValue: AppValue { AppValue(.entity(self)) } }
extension EnumCase: AppValueComparable {
    public var comparedAppValue: AppValue { AppValue(enumCase: rawValue, typeIdentifier: enumName) }
}

extension Optional: AppValueComparable where Wrapped: AppValueComparable {
    public var comparedAppValue: AppValue { self?.comparedAppValue ?? AppValue(.none) }
}

extension Array: AppValueComparable where Element: AppValueComparable {
    public var comparedAppValue: AppValue { AppValue(.array(map(\.comparedAppValue))) }
}

// `==` between a returned value and a Swift value, either way round. The concrete overloads
// keep `#expect(result.value == id)` on the value as returned (not a throwing typed read).

extension AppValue {
    public static func == <T: AppValueComparable>(lhs: AppValue, rhs: T) -> Bool { lhs == rhs.comparedAppValue }
    public static func == <T: AppValueComparable>(lhs: T, rhs: AppValue) -> Bool { lhs.comparedAppValue == rhs }
    public static func != <T: AppValueComparable>(lhs: AppValue, rhs: T) -> Bool { !(lhs == rhs) }
    public static func != <T: AppValueComparable>(lhs: T, rhs: AppValue) -> Bool { !(lhs == rhs) }

    public static func == (lhs: AppValue, rhs: String) -> Bool { lhs == rhs.comparedAppValue }
    public static func == (lhs: AppValue, rhs: Int) -> Bool { lhs == rhs.comparedAppValue }
    public static func == (lhs: AppValue, rhs: Double) -> Bool { lhs == rhs.comparedAppValue }
    public static func == (lhs: AppValue, rhs: Bool) -> Bool { lhs == rhs.comparedAppValue }
    public static func == (lhs: AppValue, rhs: Date) -> Bool { lhs == rhs.comparedAppValue }
    public static func == (lhs: AppValue, rhs: URL) -> Bool { lhs == rhs.comparedAppValue }
    public static func == (lhs: String, rhs: AppValue) -> Bool { lhs.comparedAppValue == rhs }
    public static func == (lhs: Int, rhs: AppValue) -> Bool { lhs.comparedAppValue == rhs }
    public static func != (lhs: AppValue, rhs: String) -> Bool { !(lhs == rhs) }
    public static func != (lhs: AppValue, rhs: Int) -> Bool { !(lhs == rhs) }
    public static func != (lhs: AppValue, rhs: Double) -> Bool { !(lhs == rhs) }
    public static func != (lhs: AppValue, rhs: Bool) -> Bool { !(lhs == rhs) }

    /// `result.value == nil`: the intent returned no value (or a nil optional).
    public static func == (lhs: AppValue, rhs: _OptionalNilComparisonType) -> Bool { lhs.content == .none }
    public static func != (lhs: AppValue, rhs: _OptionalNilComparisonType) -> Bool { lhs.content != .none }
}

/// `XCTAssertEqual(result.value, id)` with `id` a Swift value, as XCTest's own for two values
/// of one type: fails with both values when they differ, or with the error either side threw.
public func XCTAssertEqual<T: AppValueComparable>(
    _ expression1: @autoclosure () throws -> AppValue, _ expression2: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line,
    fileID: String = #fileID, column: UInt = #column
) {
    assertAppValues("XCTAssertEqual", equal: true, { try expression1() }, { try expression2().comparedAppValue },
                    message(), SourcePlace(fileID: fileID, filePath: file, line: line, column: column))
}

/// `XCTAssertEqual(id, result.value)`.
public func XCTAssertEqual<T: AppValueComparable>(
    _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> AppValue,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line,
    fileID: String = #fileID, column: UInt = #column
) {
    assertAppValues("XCTAssertEqual", equal: true, { try expression1().comparedAppValue }, { try expression2() },
                    message(), SourcePlace(fileID: fileID, filePath: file, line: line, column: column))
}

/// `XCTAssertNotEqual(result.value, id)`.
public func XCTAssertNotEqual<T: AppValueComparable>(
    _ expression1: @autoclosure () throws -> AppValue, _ expression2: @autoclosure () throws -> T,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line,
    fileID: String = #fileID, column: UInt = #column
) {
    assertAppValues("XCTAssertNotEqual", equal: false, { try expression1() }, { try expression2().comparedAppValue },
                    message(), SourcePlace(fileID: fileID, filePath: file, line: line, column: column))
}

/// `XCTAssertNotEqual(id, result.value)`.
public func XCTAssertNotEqual<T: AppValueComparable>(
    _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> AppValue,
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line,
    fileID: String = #fileID, column: UInt = #column
) {
    assertAppValues("XCTAssertNotEqual", equal: false, { try expression1().comparedAppValue }, { try expression2() },
                    message(), SourcePlace(fileID: fileID, filePath: file, line: line, column: column))
}

private func assertAppValues(_ name: String, equal: Bool, _ lhs: () throws -> AppValue, _ rhs: () throws -> AppValue,
                             _ message: String, _ place: SourcePlace) {
    let suffix = message.isEmpty ? "" : " - \(message)"
    do {
        let a = try lhs(), b = try rhs()
        guard (a == b) != equal else { return }
        let relation = equal ? "is not equal to" : "is equal to"
        // Values of different kinds can print alike ("1" and 1); then the kinds tell them apart.
        let kinds = a.debugDescription == b.debugDescription && a.content.kindName != b.content.kindName
        func shown(_ v: AppValue) -> String { "\"\(v.debugDescription)\"" + (kinds ? " (\(v.content.kindName))" : "") }
        place.record("\(name) failed: (\(shown(a))) \(relation) (\(shown(b)))\(suffix)")
    } catch {
        place.record("\(name) threw error \"\(error)\"\(suffix)")
    }
}

/// `XCTAssertNil(try task.value.dueDate)`: passes when the app returned no value (a nil
/// optional); XCTest's own would see a value (the `AppValue`) and always fail.
public func XCTAssertNil(
    _ expression: @autoclosure () throws -> AppValue, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line, fileID: String = #fileID, column: UInt = #column
) {
    checkPresence("XCTAssertNil", expectNil: true, expression, message(),
                  SourcePlace(fileID: fileID, filePath: file, line: line, column: column))
}

/// `XCTAssertNotNil(try task.value.dueDate)`: passes when the app returned a value.
public func XCTAssertNotNil(
    _ expression: @autoclosure () throws -> AppValue, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line, fileID: String = #fileID, column: UInt = #column
) {
    checkPresence("XCTAssertNotNil", expectNil: false, expression, message(),
                  SourcePlace(fileID: fileID, filePath: file, line: line, column: column))
}

/// `let due = try XCTUnwrap(try task.value.dueDate)`: the value, or a thrown error when the app returned none.
public func XCTUnwrap(
    _ expression: @autoclosure () throws -> AppValue, _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) throws -> AppValue {
    let value = try expression()
    guard value.content != .none else {
        let text = message()
        throw SpotlightError(.notFound, "XCTUnwrap failed: expected a value, the app returned none"
            + (text.isEmpty ? "" : " - \(text)"))
    }
    return value
}

private func checkPresence(_ name: String, expectNil: Bool, _ expression: () throws -> AppValue, _ message: String,
                           _ place: SourcePlace) {
    let suffix = message.isEmpty ? "" : " - \(message)"
    do {
        let value = try expression()
        guard (value.content == .none) != expectNil else { return }
        place.record(expectNil ? "\(name) failed: \"\(value.debugDescription)\"\(suffix)" : "\(name) failed\(suffix)")
    } catch {
        place.record("\(name) threw error \"\(error)\"\(suffix)")
    }
}
