import Substate

/// One to-do: a child program of its own, kept in the list by id.
struct Todo: Equatable, Identifiable, Sendable {
    var id: Int
    var body: String
    var isDone = false

    enum Action: Equatable, Sendable {
        case toggle
        case edit(String)
    }

    static func update(state: consuming Todo, environment: Void, action: Action) -> Update<
        Todo, Action
    > {
        switch action {
        case .toggle: state.isDone.toggle()
        case .edit(let body): state.body = body
        }
        return Update(state: state)
    }
}

/// The list: create and destroy to-dos, and route each one's actions to it.
struct Todos: Equatable, Sendable {
    var list: [Todo] = []
    var nextID = 1

    enum Action: Equatable, Sendable {
        case create(String)
        case destroy(id: Int)
        case todo(id: Int, Todo.Action)
    }

    static func update(state: consuming Todos, environment: Void, action: Action) -> Update<
        Todos, Action
    > {
        switch action {
        case .create(let body):
            state.list.append(Todo(id: state.nextID, body: body))
            state.nextID += 1
            return Update(state: state)
        case .destroy(let id):
            // The row's running effects, if any, end with it.
            state.list.removeAll { $0.id == id }
            return Update(state: state)
        case .todo(let id, let action):
            return .child(
                action, state: state, lens: .element(id: id, in: \.list),
                tag: { .todo(id: id, $0) }, environment: (), update: Todo.update)
        }
    }
}

/// The settings screen: the list's title.
struct Settings: Equatable, Sendable {
    var title = "My To-Do List"

    enum Action: Equatable, Sendable {
        case changeTitle(String)
    }

    static func update(state: consuming Settings, environment: Void, action: Action) -> Update<
        Settings, Action
    > {
        switch action {
        case .changeTitle(let title): state.title = title
        }
        return Update(state: state)
    }
}
