import Substate

struct PortApp: Program, Equatable, Sendable {
    var todos: KeyedArray<PortRow> = []
    var query = ""
    var matches: [Int] = []
    var detail: PortDetail?

    struct Environment: Sendable {
        var clock: any Clock<Duration>
    }

    enum Action: Equatable, Sendable {
        case add(String)
        case todo(id: Int, PortRow.Action)
        case queryChanged(String)
        case search
        case open(id: Int)
        case close
        case detail(PortDetail.Action)
    }

    static func update(state: consuming PortApp, environment: Environment, action: Action)
        -> Update<PortApp, Action>
    {
        switch action {
        case .add(let title):
            state.todos.append(PortRow(id: (state.todos.ids.max() ?? 0) + 1, title: title))
        case .todo(let id, let action):
            return .child(action, in: state, at: \.todos, id: id, as: Action.todo)
        case .queryChanged(let query):
            state.query = query
            let search = Effect.send(Action.search)
            return Update(
                state: state,
                effect: search.debounce(
                    id: "search", for: .milliseconds(300), clock: environment.clock))
        case .search:
            state.matches = state.todos.filter { $0.title.contains(state.query) }.map(\.id)
        case .open(let id):
            state.detail = state.todos[id: id].map { PortDetail(todo: $0) }
        case .close:
            if let todo = state.detail?.todo { state.todos[id: todo.id] = todo }
            state.detail = nil
        case .detail(let action):
            return .child(action, in: state, at: \.detail, as: Action.detail, environment)
        }
        return Update(state: state)
    }
}
