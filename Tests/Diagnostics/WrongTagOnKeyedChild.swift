// A keyed child given the tag of another child.
// expected: cannot convert value of type '@Sendable (Settings.Action) -> App.Action' to expected argument type '@Sendable (Int, Todo.Action) -> App.Action'
// errors: 1
import Substate

struct Todo: Program, Identifiable, Equatable, Sendable {
    var id: Int
    enum Action: Sendable { case toggle }
    static func update(state: consuming Todo, environment: Void, action: Action) -> Update<
        Todo, Action
    > {
        Update(state: state)
    }
}

struct Settings: Program, Equatable, Sendable {
    enum Action: Sendable { case rename(String) }
    static func update(state: consuming Settings, environment: Void, action: Action) -> Update<
        Settings, Action
    > {
        Update(state: state)
    }
}

struct App: Equatable, Sendable {
    var todos: KeyedArray<Todo> = []
    var settings = Settings()
    enum Action: Sendable {
        case todo(id: Int, Todo.Action)
        case settings(Settings.Action)
    }
    static func update(state: consuming App, environment: Void, action: Action) -> Update<
        App, Action
    > {
        switch action {
        case .todo(let id, let action):
            return .child(action, in: state, at: \.todos, id: id, as: Action.settings)
        case .settings:
            return Update(state: state)
        }
    }
}
