// The state of a program whose conforming type is not its state, embedded by key path.
// expected: for a state whose program is another type (Feature), pass its update
// errors: 1
import Substate

enum Counter: Program {
    typealias State = Int
    enum Action: Sendable { case increment }
    static func update(state: consuming Int, environment: Void, action: Action) -> Update<
        Int, Action
    > {
        Update(state: state + 1)
    }
}

struct App: Equatable, Sendable {
    var count = 0
    enum Action: Sendable { case counter(Counter.Action) }
    static func update(state: consuming App, environment: Void, action: Action) -> Update<
        App, Action
    > {
        switch action {
        case .counter(let action):
            return .child(action, in: state, at: \.count, as: Action.counter)
        }
    }
}
