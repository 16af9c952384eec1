/// What `$parameter.needsValueError(_:)` returns and `$parameter.requestValue(_:)` throws: an
/// intent asked for a parameter's value. There is no one to ask on Linux (the caller passes every
/// value up front), so the run fails with `invalidInput` naming the parameter and the dialog:
/// `AddBookIntent, parameter 'title' (string) needs a value: What's the title?`.
///
/// ```swift
/// guard !title.isEmpty else { throw $title.needsValueError("What's the title?") }
/// ```
public struct IntentParameterNeedsValueError: Error, Sendable, CustomStringConvertible {
    /// The parameter's title (`@Parameter(title:)`).
    public let parameterTitle: String
    /// What the intent would have asked.
    public let dialog: IntentDialog?
    /// The wrapper that asked, for the runtime to name the parameter.
    let parameter: ObjectIdentifier

    public var description: String {
        "parameter \"\(parameterTitle)\" needs a value" + (dialog.map { ": \($0.text)" } ?? "")
    }
}

extension IntentParameter {
    /// Apple's way to ask again for a value the intent cannot use: `throw $title.needsValueError("What's the title?")`.
    public func needsValueError(_ dialog: IntentDialog? = nil) -> IntentParameterNeedsValueError {
        IntentParameterNeedsValueError(parameterTitle: title, dialog: dialog, parameter: ObjectIdentifier(self))
    }

    /// Asks for the value (`let book = try await $book.requestValue("Which book?")`). No one can
    /// answer on Linux: throws ``needsValueError(_:)``. Disfavored, so that on an optional parameter
    /// `let book = try await $book.requestValue()` is the unwrapped value, as Apple's is.
    @_disfavoredOverload
    public func requestValue(_ dialog: IntentDialog? = nil) async throws -> Value {
        throw needsValueError(dialog)
    }

    /// `requestValue` on an optional parameter, giving the unwrapped value as Apple's does.
    public func requestValue<Wrapped>(_ dialog: IntentDialog? = nil) async throws -> Wrapped where Value == Wrapped? {
        throw needsValueError(dialog)
    }

    /// Asks which of `among` was meant (`try await $book.requestDisambiguation(among: matches)`).
    /// No one can choose on Linux: throws ``needsValueError(_:)`` with the dialog. Disfavored, so
    /// that on an optional parameter the candidates and the choice are unwrapped, as Apple's are.
    @_disfavoredOverload
    public func requestDisambiguation(among candidates: [Value], dialog: IntentDialog? = nil) async throws -> Value {
        throw needsValueError(dialog)
    }

    /// `requestDisambiguation` on an optional parameter: among unwrapped values, giving one
    /// (`let book: BookEntity = try await $book.requestDisambiguation(among: matches)`), as Apple's does.
    public func requestDisambiguation<Wrapped>(among candidates: [Wrapped], dialog: IntentDialog? = nil) async throws
        -> Wrapped where Value == Wrapped? {
        throw needsValueError(dialog)
    }

    /// Asks to confirm a value (`guard try await $amount.requestConfirmation(for: amount) else { ... }`).
    /// The caller chose the values it passed, so this answers `true` without asking.
    public func requestConfirmation(for itemToConfirm: Value, dialog: IntentDialog? = nil) async throws -> Bool {
        true
    }
}
