import Substate

/// The whole app: whether it is in the foreground, and two child programs.
struct App: Equatable, Sendable {
    var isActive = false
    var todos = Todos()
    var settings = Settings()

    enum Action: Equatable, Sendable {
        case didEnterForeground
        case didEnterBackground
        case todos(Todos.Action)
        case settings(Settings.Action)
    }

    static func update(state: consuming App, environment: Void, action: Action) -> Update<
        App, Action
    > {
        switch action {
        case .didEnterForeground:
            state.isActive = true
            return Update(state: state)
        case .didEnterBackground:
            state.isActive = false
            return Update(state: state)
        case .todos(let action):
            return .child(
                action, state: state, lens: Lens(\.todos), tag: Action.todos,
                environment: (), update: Todos.update)
        case .settings(let action):
            return .child(
                action, state: state, lens: Lens(\.settings), tag: Action.settings,
                environment: (), update: Settings.update)
        }
    }
}

extension App: CustomStringConvertible {
    var description: String {
        var lines = ["\(settings.title) (\(isActive ? "active" : "in the background"))"]
        if todos.list.isEmpty { lines.append("  nothing to do") }
        for todo in todos.list {
            lines.append("  \(todo.id). [\(todo.isDone ? "x" : " ")] \(todo.body)")
        }
        return lines.joined(separator: "\n")
    }
}
