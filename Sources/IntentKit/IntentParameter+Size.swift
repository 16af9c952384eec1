/// How many values an array parameter takes (App Intents' `IntentCollectionSize`): exactly a count,
/// or between a least and a most. An integer literal is an exact count.
///
/// ```swift
/// @Parameter(title: "Books", size: 3) var books: [BookEntity]
/// @Parameter(title: "Tags", size: IntentCollectionSize(min: 1, max: 5)) var tags: [String]
/// ```
public struct IntentCollectionSize: Hashable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The fewest values taken.
    public let min: Int
    /// The most values taken.
    public let max: Int

    public init(exactly count: Int) {
        self.init(min: count, max: count)
    }

    public init(min: Int, max: Int) {
        self.min = min
        self.max = max
    }

    public init(integerLiteral value: Int) { self.init(exactly: value) }

    public var description: String { min == max ? "exactly \(min)" : "\(min) to \(max)" }

    /// Why `count` values are refused; nil when the size takes them.
    func refusal(of count: Int) -> String? {
        guard count < min || count > max else { return nil }
        return "\(count) value\(count == 1 ? "" : "s") given, and it takes \(description)"
    }
}

/// A parameter type `size:` applies to: arrays, and optional arrays.
public protocol IntentCollectionSized: IntentValue {
    /// How many values it holds; nil (an absent optional) is not checked.
    var collectionCount: Int? { get }
}

extension Array: IntentCollectionSized where Element: IntentValue {
    public var collectionCount: Int? { count }
}

extension Optional: IntentCollectionSized where Wrapped: IntentCollectionSized {
    public var collectionCount: Int? { self?.collectionCount }
}

extension IntentParameter where Value: IntentCollectionSized {
    /// `@Parameter(title: "Books", size: 3)`: an array of another number of values is refused with
    /// `invalidInput` (`3 values given, and it takes exactly 2`), as `inclusiveRange:` refuses a number.
    public convenience init(title: LocalizedStringResource, description: LocalizedStringResource? = nil,
                            default defaultValue: Value? = nil, size: IntentCollectionSize,
                            inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.init(title: title.defaultValue, description: description?.defaultValue, default: defaultValue) { value in
            value.collectionCount.flatMap(size.refusal(of:))
        }
    }

    /// `@Parameter(description: "Books to shelve", size: 3)`: no title (iOS 18); `describe` titles it
    /// with the property's name.
    public convenience init(description: LocalizedStringResource? = nil, default defaultValue: Value? = nil,
                            size: IntentCollectionSize, inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.init(title: "", description: description?.defaultValue, default: defaultValue) { value in
            value.collectionCount.flatMap(size.refusal(of:))
        }
    }
}
