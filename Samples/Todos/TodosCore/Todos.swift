import Substate

/// One to-do: a child program of its own, kept in the list by id.
public struct Todo: Program, Codable, Equatable, Identifiable, Sendable {
    /// Its id, unique in the list.
    public var id: Int
    /// What to do.
    public var body: String
    /// Whether it is done.
    public var isDone = false

    /// What happens to a to-do.
    public enum Action: Codable, Equatable, Sendable {
        /// Marks it done, or not done.
        case toggle
        /// Marks it done (`true`) or not done (`false`), whatever it was.
        case setDone(Bool)
        /// Changes what to do.
        case edit(String)
    }

    /// The to-do's update.
    public static func update(state: consuming Todo, environment: Void, action: Action) -> Update<
        Todo, Action
    > {
        switch action {
        case .toggle: state.isDone.toggle()
        case .setDone(let isDone): state.isDone = isDone
        case .edit(let body): state.body = body
        }
        return Update(state: state)
    }
}

/// The list: create and destroy to-dos, and route each one's actions to it.
public struct Todos: Program, Codable, Equatable, Sendable {
    /// The to-dos, in order, kept by id.
    public var list: KeyedArray<Todo> = []
    /// The id of the next to-do.
    public var nextID = 1

    /// What happens to the list.
    public enum Action: Codable, Equatable, Sendable {
        /// Adds a to-do.
        case create(String)
        /// Removes a to-do.
        case destroy(id: Int)
        /// Something happened to one to-do.
        case todo(id: Int, Todo.Action)
    }

    /// Whether the list has a to-do with this id.
    /// - Parameter id: The id.
    /// - Returns: Whether there is one.
    public func contains(id: Int) -> Bool {
        list.contains(id: id)
    }

    /// The list's update.
    public static func update(state: consuming Todos, environment: Void, action: Action) -> Update<
        Todos, Action
    > {
        switch action {
        case .create(let body):
            state.list.append(Todo(id: state.nextID, body: body))
            state.nextID += 1
            return Update(state: state)
        case .destroy(let id):
            // The row's running effects, if any, end with it.
            state.list.remove(id: id)
            return Update(state: state)
        case .todo(let id, let action):
            return .child(action, in: state, at: \.list, id: id, as: Action.todo)
        }
    }
}

/// The settings screen: the list's title.
public struct Settings: Program, Codable, Equatable, Sendable {
    /// The list's title.
    public var title = "My To-Do List"

    /// What happens in the settings.
    public enum Action: Codable, Equatable, Sendable {
        /// Renames the list.
        case changeTitle(String)
    }

    /// The settings' update.
    public static func update(state: consuming Settings, environment: Void, action: Action)
        -> Update<
            Settings, Action
        >
    {
        switch action {
        case .changeTitle(let title): state.title = title
        }
        return Update(state: state)
    }
}
