import Substate

/// One step of a sequence that a ``ProgramCheck`` plays: an action sent to the store, or the
/// test clocks moved forward (which wakes the effects waiting on them).
public enum CheckStep<Action: Sendable>: Sendable {
    /// An action sent to the store.
    case send(Action)
    /// Every test clock of the environment moved forward by this much.
    case advance(Duration)

    /// The step as Swift, as a list of steps given to
    /// ``ProgramCheck/replay(_:fileID:filePath:line:column:)-(CheckStep...)`` holds it:
    /// `.send(.create("a"))` or `.advance(.milliseconds(300))`.
    public var swift: String {
        switch self {
        case .send(let action): ".send(\(Self.expression(action)))"
        case .advance(let duration): ".advance(\(Self.expression(duration)))"
        }
    }

    /// An action as a Swift expression, on one line, its outer type left to inference:
    /// `.todos(Todos.Action.create("a"))`.
    static func expression(_ action: Action) -> String {
        var text = Dump.line(of: action)
        // `App.Action.todos(…)` → `.todos(…)`: the store's action type is known.
        let head = text.prefix { $0 != "(" }
        if let dot = head.lastIndex(of: "."), !head.hasPrefix(".") {
            text = String(text[dot...])
        }
        return text
    }

    /// A duration in the largest unit that says it exactly.
    static func expression(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return ".seconds(\(seconds))" }
        let nanoseconds = Int64(seconds) * 1_000_000_000 + attoseconds / 1_000_000_000
        if nanoseconds % 1_000_000 == 0 { return ".milliseconds(\(nanoseconds / 1_000_000))" }
        if nanoseconds % 1_000 == 0 { return ".microseconds(\(nanoseconds / 1_000))" }
        return ".nanoseconds(\(nanoseconds))"
    }
}
