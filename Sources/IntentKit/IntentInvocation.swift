import Foundation
import SpotlightModel
import SpotlightProtocol

/// Runs one intent: makes it with `init()`, resolves its `@Parameter`s from the arguments
/// by the rules in docs/app-service.md, then calls `perform()`.
enum IntentInvocation {
    static func parameters(of intent: some AppIntent) -> [(name: String, property: any IntentParameterSlot)] {
        EntityReflection.wrappers(of: intent, as: (any IntentParameterSlot).self)
    }

    static func schema<Intent: AppIntent>(_ type: Intent.Type) -> IntentSchema {
        let intent = Intent()
        let parameters = parameters(of: intent).map { name, slot in
            ParameterSchema(name: name, title: slot.schemaTitle.isEmpty ? name : slot.schemaTitle,
                            description: slot.schemaDescription,
                            type: slot.valueType, isOptional: slot.isOptional,
                            defaultValue: slot.defaultPropertyValue)
        }
        return IntentSchema(name: Intent.typeName, title: Intent.titleText, description: Intent.descriptionText,
                            isDiscoverable: Intent.isDiscoverable, parameters: parameters,
                            returns: Intent.PerformResult.returnedValueType, openAppWhenRun: Intent.openAppWhenRun,
                            authenticationPolicy: Intent.authenticationPolicy.rawValue,
                            parameterSummary: Intent.parameterSummary.summaryText(for: intent),
                            supportedModes: Intent.supportedModes.names,
                            predictions: (Intent.self as? any PredictableIntent.Type)?.predictionParameterNames,
                            intentClassName: (Intent.self as? any CustomIntentMigratedAppIntent.Type)?.intentClassName,
                            deprecation: (Intent.self as? any DeprecatedAppIntent.Type)?.deprecationSchema)
    }

    /// - Throws: `SpotlightError`: `invalidInput` for an unknown or missing parameter or a
    ///   value that does not convert, `notFound` when no entity matched, `intentFailed` when
    ///   an entity query or `perform()` threw.
    static func run<Intent: AppIntent>(_ type: Intent.Type, arguments: [String: PropertyValue],
                                       bundle: String) async throws -> RunIntentResult {
        let intent = Intent()
        let slots = parameters(of: intent)
        let names = slots.map(\.name)
        let unknown = arguments.keys.filter { !names.contains($0) }.sorted()
        if !unknown.isEmpty {
            let list = names.isEmpty ? "it has no parameters" : "its parameters are " + names.joined(separator: ", ")
            throw SpotlightError(.invalidInput, "\(Intent.typeName) has no parameter "
                + unknown.map { "'\($0)'" }.joined(separator: ", ") + "; \(list)")
        }
        // Entity parameters last: their queries may read the others (`@IntentParameterDependency`).
        let ordered = slots.filter { !$0.property.valueType.isEntity } + slots.filter { $0.property.valueType.isEntity }
        try await IntentParameterDependencyContext.$intent.withValue(intent) {
            try await assign(arguments, to: ordered, of: Intent.self)
        }

        /// A request to the person (a parameter's value, a choice), from `perform()` or a
        /// continuation: no one can answer, so the run fails saying what was asked.
        func unanswerable(_ error: any Error) -> SpotlightError? {
            if let error = error as? IntentParameterNeedsValueError {
                let slot = slots.first { ObjectIdentifier($0.property) == error.parameter }
                let name = slot.map { "'\($0.name)' (\($0.property.valueType))" } ?? "\"\(error.parameterTitle)\""
                return SpotlightError(.invalidInput, "\(Intent.typeName), parameter \(name) needs a value"
                    + (error.dialog.map { ": \($0.text)" } ?? ""))
            }
            if let error = error as? IntentChoiceRequestError {
                return SpotlightError(.invalidInput, "\(Intent.typeName) \(error); no one can choose here: "
                    + "make the choice a parameter of the intent")
            }
            return nil
        }
        try await DependencyResolution.resolve(in: intent, ownerName: Intent.typeName)
        let result: Intent.PerformResult
        do {
            result = try await perform(intent)
        } catch var error as IntentNeedsToContinueInForegroundError {
            // A continuation may itself ask to continue in the foreground: each runs at once.
            while true {
                do {
                    return try await error.continueRun()
                } catch let nested as IntentNeedsToContinueInForegroundError {
                    error = nested
                } catch {
                    throw unanswerable(error) ?? failure(error, thrownBy: "\(Intent.typeName)'s foreground continuation")
                }
            }
        } catch {
            throw unanswerable(error) ?? failure(error, thrownBy: "\(Intent.typeName).perform()")
        }
        try await runOpened(by: result, opener: Intent.typeName)
        return RunIntentResult(value: result.resultValue(bundle: bundle), dialog: result.dialogText)
    }

    /// Converts and stores each given argument; a parameter left out keeps its default.
    private static func assign<Intent: AppIntent>(_ arguments: [String: PropertyValue],
                                                  to slots: [(name: String, property: any IntentParameterSlot)],
                                                  of type: Intent.Type) async throws {
        for (name, slot) in slots {
            let context = "\(Intent.typeName), parameter '\(name)'"
            guard let value = arguments[name] ?? slot.implicitArgument else {
                if let refusal = slot.defaultRefusal {
                    throw SpotlightError(.invalidInput, "\(context) was not given, and its default is refused by its own "
                        + "declaration: \(refusal); the app must declare a default within its inclusiveRange")
                }
                if slot.hasDefault { continue }
                do {
                    if try await slot.assignProvidedDefault() { continue }
                } catch {
                    throw failure(error, thrownBy: "\(slot.valueType)'s query",
                        message: "\(context) was not given, and its query's defaultResult() failed: \(describe(error))")
                }
                if slot.isOptional { continue }
                throw SpotlightError(.invalidInput, "\(context) (\(slot.valueType)) is required and was not given")
            }
            do {
                try await slot.assign(value)
            } catch let error as ValueConversionError {
                throw SpotlightError(error.code,
                    "\(context): \(value.displayText) does not convert to \(slot.valueType): \(error.reason)")
            } catch {
                throw failure(error, thrownBy: "\(slot.valueType)'s query",
                    message: "\(context): resolving \(value.displayText) failed: \(describe(error))")
            }
        }
    }

    /// An error's message as its thrower wrote it: a `SpotlightError`'s message, an App Intents
    /// error's text (``appIntentsText(of:)``), a `LocalizedError`'s `errorDescription`, else
    /// `String(describing:)`; an empty text is named as such, with the error's type and case.
    static func describe(_ error: any Error) -> String {
        let text = written(error)
        guard text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return text }
        return "\(String(reflecting: error)) (its text is empty)"
    }

    private static func written(_ error: any Error) -> String {
        if let error = error as? SpotlightError { return error.message }
        if let text = appIntentsText(of: error) { return text }
        if let error = error as? any LocalizedError, let text = error.errorDescription { return text }
        return String(describing: error)
    }

    /// What an App Intents error says: a `CustomAppIntentErrorConvertible`'s `appIntentError`, else a
    /// `localizedStringResource`; nil for any other error.
    private static func appIntentsText(of error: any Error) -> String? {
        if let convertible = error as? any CustomAppIntentErrorConvertible {
            return convertible.appIntentError.localizedStringResource.defaultValue
        }
        return (error as? any CustomLocalizedStringResourceConvertible)?.localizedStringResource.defaultValue
    }

    /// The error for an error the app's code threw: `message` (default `"<thrownBy> threw: <text>"`)
    /// and an ``AppErrorReport`` whose `localizedDescription` is an App Intents error's text.
    static func failure(_ error: any Error, thrownBy: String, message: String? = nil) -> SpotlightError {
        SpotlightError.appFailure(error, thrownBy: thrownBy, message: message ?? "\(thrownBy) threw: \(describe(error))",
            localizedDescription: appIntentsText(of: error))
    }
}
