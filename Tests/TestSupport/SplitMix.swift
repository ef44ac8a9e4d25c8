/// A small seeded random number generator (SplitMix64), so that a test that uses random
/// values repeats exactly, and a failing sequence can be run again from its seed.
public struct SplitMix: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator that starts from `seed`.
    /// - Parameter seed: The seed; the same seed gives the same numbers.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next number.
    /// - Returns: 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
