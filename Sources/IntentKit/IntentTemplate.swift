import Foundation

/// Text that names parameters of an intent, and maybe the app: a parameter summary
/// (`"Search tasks for \(\.$query)"`) or an App Shortcut phrase (`"Add \(\.$title) in \(.applicationName)"`).
struct IntentTemplate<Intent: AppIntent>: Sendable {
    enum Piece: Sendable {
        case text(String)
        case applicationName
        /// Reads the parameter's wrapper from an intent, to learn its name.
        case parameter(@Sendable (Intent) -> AnyObject)
    }
    var pieces: [Piece] = []

    mutating func appendParameter<Value>(_ keyPath: any KeyPath<Intent, IntentParameter<Value>> & Sendable) {
        pieces.append(.parameter { $0[keyPath: keyPath] })
    }

    /// The pieces as text with each parameter as `${name}`, `nil` where the app's name goes.
    func resolved(in intent: Intent) -> [String?] {
        let parameters = IntentInvocation.parameters(of: intent)
        return pieces.map { piece in
            switch piece {
            case .text(let text): return text
            case .applicationName: return nil
            case .parameter(let read):
                let wrapper = read(intent)
                return parameters.first { $0.property === wrapper }.map { "${\($0.name)}" } ?? "${?}"
            }
        }
    }
}

/// The interpolation of a parameter summary or a shortcut phrase: literal text, parameters by
/// key path (`\(\.$query)`) and the app's name (`\(.applicationName)`).
public struct IntentTextInterpolation<Intent: AppIntent>: StringInterpolationProtocol, Sendable {
    var template = IntentTemplate<Intent>()
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) { template.pieces.append(.text(literal)) }
    /// `\(\.$project)`: a parameter of the intent.
    public mutating func appendInterpolation<Value>(_ parameter: any KeyPath<Intent, IntentParameter<Value>> & Sendable) {
        template.appendParameter(parameter)
    }
    /// `\(.applicationName)`.
    public mutating func appendInterpolation(_ token: AppShortcutPhraseToken) { template.pieces.append(.applicationName) }
}
