// A property that holds an enum, named where one of its cases was meant.
// expected: is not a Program: for a case of an enum, name it: at: .case(
// errors: 1
import Substate

struct Detail: Program, Equatable, Sendable {
    enum Action: Sendable { case tap }
    static func update(state: consuming Detail, environment: Void, action: Action) -> Update<
        Detail, Action
    > {
        Update(state: state)
    }
}

enum Screen: Equatable, Sendable {
    case detail(Detail)
    case empty
}

struct App: Equatable, Sendable {
    var screen = Screen.empty
    enum Action: Sendable { case detail(Detail.Action) }
    static func update(state: consuming App, environment: Void, action: Action) -> Update<
        App, Action
    > {
        switch action {
        case .detail(let action):
            return .child(action, in: state, at: \.screen, as: Action.detail)
        }
    }
}
