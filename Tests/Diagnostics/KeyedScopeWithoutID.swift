// A keyed row scoped without `id:`.
// expected: a KeyedArray is scoped one element at a time: add id:
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

struct App: Program, Equatable, Sendable {
    var todos: KeyedArray<Todo> = []
    enum Action: Sendable { case todo(id: Int, Todo.Action) }
    static func update(state: consuming App, environment: Void, action: Action) -> Update<
        App, Action
    > {
        Update(state: state)
    }
}

@MainActor func rows(store: StoreOf<App>) {
    _ = store.scope(at: \.todos, as: App.Action.todo)
}
