/// An action read from a recording.
public struct RecordedAction<Action> {
    /// Its step, from 1.
    public var step: Int
    /// Seconds since the recording started, on the store's clock.
    public var time: Double
    /// The action.
    public var action: Action
}

extension RecordedAction: Sendable where Action: Sendable {}
extension RecordedAction: Equatable where Action: Equatable {}

/// Where replaying a recording first gave a different state than the one recorded.
public struct ReplayDivergence: Sendable, CustomStringConvertible {
    /// The step of the first snapshot that differs.
    public var step: Int
    /// The difference, recorded (`-`) against replayed (`+`).
    public var diff: String

    /// `Replay diverged at step 40:` and the diff.
    public var description: String { "Replay diverged at step \(step):\n\(diff)" }
}
