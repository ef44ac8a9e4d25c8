/// A small seeded random number generator (SplitMix64): the same seed gives the same numbers
/// on every machine and every run, which is what makes a check's failure repeatable.
struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number from 0 to `bound - 1`, without modulo bias worth speaking of (the high half
    /// of a 128-bit product).
    mutating func next(below bound: UInt64) -> UInt64 {
        bound.multipliedFullWidth(by: next()).high
    }

    /// The seed of the `index`-th sequence of a check run with `seed`.
    static func seed(_ seed: UInt64, sequence index: Int) -> UInt64 {
        var random = SeededRandom(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        return random.next()
    }
}
