// A keyed child without `id:`.
// expected: a KeyedArray's element is run by its id: add id:
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

struct App: Equatable, Sendable {
    var todos: KeyedArray<Todo> = []
    enum Action: Sendable { case todo(id: Int, Todo.Action) }
    static func update(state: consuming App, environment: Void, action: Action) -> Update<
        App, Action
    > {
        switch action {
        case .todo(_, let action):
            return .child(action, in: state, at: \.todos, as: Action.todo)
        }
    }
}
