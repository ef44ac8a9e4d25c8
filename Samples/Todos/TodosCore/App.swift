import Substate

/// The whole app: whether it is in the foreground, and two child programs.
public struct App: Program, Codable, Equatable, Sendable {
    /// Whether the app is in the foreground.
    public var isActive = false
    /// The list of to-dos.
    public var todos = Todos()
    /// The settings screen.
    public var settings = Settings()

    /// An empty app in the background.
    public init() {}

    /// What happens to the app.
    public enum Action: Codable, Equatable, Sendable {
        /// The app came to the foreground.
        case didEnterForeground
        /// The app went to the background.
        case didEnterBackground
        /// Something happened in the list.
        case todos(Todos.Action)
        /// Something happened in the settings.
        case settings(Settings.Action)
    }

    /// The app's update: its own two actions, and the children's through lenses.
    public static func update(state: consuming App, environment: Void, action: Action) -> Update<
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
            return .child(action, in: state, at: \.todos, as: Action.todos)
        case .settings(let action):
            return .child(action, in: state, at: \.settings, as: Action.settings)
        }
    }
}

extension App: CustomStringConvertible {
    /// The title, whether the app is active, and the list, one to-do per line.
    public var description: String {
        var lines = ["\(settings.title) (\(isActive ? "active" : "in the background"))"]
        if todos.list.isEmpty { lines.append("  nothing to do") }
        for todo in todos.list {
            lines.append("  \(todo.id). [\(todo.isDone ? "x" : " ")] \(todo.body)")
        }
        return lines.joined(separator: "\n")
    }
}
