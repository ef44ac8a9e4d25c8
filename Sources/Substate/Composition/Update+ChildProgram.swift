extension Update {
    /// Runs a child ``Program`` on a part of this state; the same as
    /// ``child(_:state:lens:tag:environment:update:)-(_,_,()->Lens<State,ChildState>,_,_,_)``,
    /// in the form that updates the child in place in debug builds too (see ``Program``).
    ///
    /// ```swift
    /// case .settings(let action):
    ///     return .child(
    ///         action, state: state, lens: Lens(\.settings), tag: AppAction.settings,
    ///         environment: environment.settings, program: Settings.self)
    /// ```
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - lens: Where the child's state lives in the parent's.
    ///   - tag: Wraps the child's actions in the parent's.
    ///   - environment: The child's environment.
    ///   - program: The child program.
    /// - Returns: The parent's update.
    @inlinable
    public static func child<Child: Program>(
        _ action: Child.Action,
        state: consuming State,
        lens: @autoclosure () -> Lens<State, Child.State>,
        tag: @escaping @Sendable (Child.Action) -> Action,
        environment: Child.Environment,
        program: Child.Type
    ) -> Update {
        child(
            action, state: consume state, lens: lens(), tag: tag, environment: environment,
            update: Child._updateFunction)
    }

    /// Runs a child ``Program`` on a part of this state that may be missing; the same as
    /// ``child(_:state:lens:tag:environment:update:)-(_,_,OptionalLens<State,ChildState>,_,_,_)``,
    /// in the form that updates the child in place in debug builds too (see ``Program``).
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - lens: Where the child's state may live in the parent's.
    ///   - tag: Wraps the child's actions in the parent's.
    ///   - environment: The child's environment.
    ///   - program: The child program.
    /// - Returns: The parent's update.
    @inlinable
    public static func child<Child: Program>(
        _ action: Child.Action,
        state: consuming State,
        lens: OptionalLens<State, Child.State>,
        tag: @escaping @Sendable (Child.Action) -> Action,
        environment: Child.Environment,
        program: Child.Type
    ) -> Update {
        child(
            action, state: consume state, lens: lens, tag: tag, environment: environment,
            update: Child._updateFunction)
    }
}
