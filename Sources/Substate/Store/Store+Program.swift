extension Store {
    /// Creates a store that runs a ``Program``; see there for why this form updates in place
    /// in debug builds too.
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
