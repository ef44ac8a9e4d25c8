extension Store {
    /// A store for previews, screenshots and demos: it starts from mock state and processes
    /// actions with the real update function, but runs no effects.
    ///
    /// ```swift
    /// #Preview {
    ///     TodoList(store: .preview(
    ///         state: TodoApp(todos: [Todo(title: "Milk"), Todo(title: "Eggs", isDone: true)]),
    ///         environment: .preview, program: TodoApp.self))
    /// }
    /// ```
    ///
    /// Tapping around a preview changes its state as the app would, without network calls,
    /// timers or saved files. Effects that an update returns are dropped, including the
    /// actions they would send synchronously; an update's animation is kept.
    /// - Parameters:
    ///   - state: The state to show.
    ///   - environment: The environment for the update function.
    ///   - program: The program.
    /// - Returns: A store that runs no effects.
    public static func preview<P: Program>(
        state: State, environment: Environment, program: P.Type
    ) -> Store where P.State == State, P.Action == Action, P.Environment == Environment {
        preview(state: state, environment: environment, update: P._updateFunction)
    }

    /// A store for previews that runs a ``Program`` whose environment is `Void`.
    /// - Parameters:
    ///   - state: The state to show.
    ///   - program: The program.
    /// - Returns: A store that runs no effects.
    public static func preview<P: Program>(state: State, program: P.Type) -> Store
    where P.State == State, P.Action == Action, P.Environment == Void, Environment == Void {
        preview(state: state, environment: (), update: P._updateFunction)
    }

    /// A store for previews whose update function is a closure (see
    /// ``preview(state:environment:program:)`` for a program).
    /// - Parameters:
    ///   - state: The state to show.
    ///   - environment: The environment for the update function.
    ///   - update: The update function.
    /// - Returns: A store that runs no effects.
    public static func preview(
        state: State, environment: Environment, update: @escaping UpdateFunction
    ) -> Store {
        Store(
            state: state, environment: environment,
            update: { state, environment, action in
                let full = update(state, environment, action)
                let withoutEffects = Update<State, Action>(state: full.state)
                guard let animation = full.animation else { return withoutEffects }
                return withoutEffects.animating(animation)
            })
    }
}
