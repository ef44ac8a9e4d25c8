/// How much a ``TestStore`` insists that a test accounts for.
public enum Exhaustivity: Sendable, Equatable {
    /// Every state change must be asserted, every action an effect produces must be received,
    /// and no effect may still run when the test ends. The default.
    case on

    /// Only what the test asserts is checked: a `send` or `receive` closure need only set the
    /// fields the test cares about, `receive` skips the actions before the one it names,
    /// and nothing is reported at the end. For integration-style tests of large features.
    case off
}
