import SpotlightModel

/// Adds up how long the steps of one search take, for ``SearchTiming``. A step may run more
/// than once: a spelling retry compiles and matches again.
///
/// ```swift
/// var steps = SearchStepClock()
/// let compiled = try steps.time(\.compile) { try compiler.compile(query, now: now) }
/// result.timing = steps.timing()
/// ```
struct SearchStepClock {
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    var compile = Duration.zero
    var match = Duration.zero
    var records = Duration.zero

    init() { start = clock.now }

    /// Runs `body`, adding the time it took to `step`, also when it throws.
    mutating func time<T>(_ step: WritableKeyPath<SearchStepClock, Duration>, _ body: () throws -> T) rethrows -> T {
        let begun = clock.now
        defer { self[keyPath: step] += clock.now - begun }
        return try body()
    }

    /// The steps so far, and the time since the clock started as the whole search.
    func timing() -> SearchTiming {
        SearchTiming(compileSeconds: Self.seconds(compile), matchSeconds: Self.seconds(match),
                     recordsSeconds: Self.seconds(records), searchSeconds: Self.seconds(clock.now - start))
    }

    private static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
