/// The store of a ``Program``: `StoreOf<Todos>` for `Store<Todos, Todos.Action, Void>`.
public typealias StoreOf<P: Program> = Store<P.State, P.Action, P.Environment>

/// The scoped store of a ``Program``'s state: `ScopedStoreOf<Todo>` for
/// `ScopedStore<Todo, Todo.Action>`, the type a row view holds.
public typealias ScopedStoreOf<P: Program> = ScopedStore<P.State, P.Action>

extension Store {
    /// Creates a store that runs a ``Program`` whose environment is `Void`.
    ///
    /// ```swift
    /// let store = Store(state: Checklist(), program: Checklist.self)
    /// ```
    /// - Parameters:
    ///   - state: The initial state.
    ///   - program: The program: `Checklist.self`.
    ///   - middleware: Code that runs around the update function, in order. See ``Middleware``.
    @inlinable
    public convenience init<P: Program>(
        state: State,
        program: P.Type,
        middleware: [Middleware<State, Action>] = []
    ) where P.State == State, P.Action == Action, P.Environment == Void, Environment == Void {
        self.init(state: state, environment: (), update: P._updateFunction, middleware: middleware)
    }

    /// Creates a store that runs a ``Program`` whose environment is `Void`, from an initial
    /// update whose effect starts at once.
    /// - Parameters:
    ///   - create: The initial state and the effect to start with it.
    ///   - program: The program.
    ///   - middleware: Code that runs around the update function, in order. See ``Middleware``.
    @inlinable
    public convenience init<P: Program>(
        create: Update<State, Action>,
        program: P.Type,
        middleware: [Middleware<State, Action>] = []
    ) where P.State == State, P.Action == Action, P.Environment == Void, Environment == Void {
        self.init(
            create: create, environment: (), update: P._updateFunction, middleware: middleware)
    }

    /// Creates a store that runs a ``Program``; see there for why this form updates in place
    /// in debug builds too.
    ///
    /// ```swift
    /// let store = Store(state: Search(), environment: .live, program: Search.self)
    /// ```
    /// - Parameters:
    ///   - state: The initial state.
    ///   - environment: The dependencies the update function and its effects use.
    ///   - program: The program: `Checklist.self`.
    ///   - middleware: Code that runs around the update function, in order. See ``Middleware``.
    @inlinable
    public convenience init<P: Program>(
        state: State,
        environment: Environment,
        program: P.Type,
        middleware: [Middleware<State, Action>] = []
    ) where P.State == State, P.Action == Action, P.Environment == Environment {
        self.init(
            state: state, environment: environment, update: P._updateFunction,
            middleware: middleware)
    }

    /// Creates a store that runs a ``Program`` from an initial update, whose effect starts at
    /// once (see ``init(create:environment:update:middleware:)``).
    /// - Parameters:
    ///   - create: The initial state and the effect to start with it.
    ///   - environment: The dependencies the update function and its effects use.
    ///   - program: The program.
    ///   - middleware: Code that runs around the update function, in order. See ``Middleware``.
    @inlinable
    public convenience init<P: Program>(
        create: Update<State, Action>,
        environment: Environment,
        program: P.Type,
        middleware: [Middleware<State, Action>] = []
    ) where P.State == State, P.Action == Action, P.Environment == Environment {
        self.init(
            create: create, environment: environment, update: P._updateFunction,
            middleware: middleware)
    }
}
