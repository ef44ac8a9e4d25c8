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
