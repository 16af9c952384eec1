/// A reproducible stream of 64-bit values (SplitMix64): tests that damage or generate input
/// at random draw the same input on every run.
///
/// ```swift
/// var random = SplitMix(state: 2026)
/// let offset = random.below(text.count)
/// ```
public struct SplitMix: RandomNumberGenerator {
    public var state: UInt64

    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in 0..<n (n > 0), the next value modulo n.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
