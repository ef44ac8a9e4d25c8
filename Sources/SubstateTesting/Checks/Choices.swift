/// The random choices a ``Gen`` draws from: fresh from a seed while a check looks for a
/// failure, the same ones again, or simpler ones, while it shrinks a failure it found.
///
/// Every generator comes down to ``draw(below:)``: a number from 0 up to a bound. Because
/// every value is made from such numbers, a sequence of actions is a list of numbers, and a
/// shorter list, or one with smaller numbers, is a simpler sequence: that is how a check
/// shrinks any generator you write without being told how. Write generators so that 0 means
/// the simplest value (the first option, the lower bound, the empty string, `nil`), as the
/// built-in ones do.
public struct Choices {
    /// The choices to replay, in order; draws past them give 0 when `random` is `nil`.
    var replayed: [UInt64]
    /// Where fresh choices come from, when not replaying.
    var random: SeededRandom?
    /// Every choice drawn so far, in order.
    private(set) var drawn: [UInt64] = []

    /// Fresh choices from a seed: the same seed draws the same numbers on every machine.
    /// - Parameter seed: The seed.
    public init(seed: UInt64) {
        replayed = []
        random = SeededRandom(seed: seed)
    }

    /// The given choices, then zeros: what a check draws while it shrinks, and how to see
    /// what a generator makes of given numbers (`Choices(replaying: [])` gives its simplest
    /// value).
    /// - Parameter choices: The numbers to draw, in order.
    public init(replaying choices: [UInt64]) {
        replayed = choices
        random = nil
    }

    /// Whether every replayed choice was drawn (always `false` for fresh choices).
    var isExhausted: Bool {
        random == nil && drawn.count >= replayed.count
    }

    /// Draws a number.
    /// - Parameter bound: How many values there are to choose from; at least 1.
    /// - Returns: A number from 0 to `bound - 1`; replayed numbers that are too large for
    ///   the bound are taken as `bound - 1`.
    public mutating func draw(below bound: UInt64) -> UInt64 {
        if bound == 0 { fatalError("Choices.draw(below:) needs a bound of at least 1") }
        let value: UInt64
        if drawn.count < replayed.count {
            value = min(replayed[drawn.count], bound - 1)
        } else if random != nil {
            value = random!.next(below: bound)
        } else {
            value = 0
        }
        drawn.append(value)
        return value
    }
}
