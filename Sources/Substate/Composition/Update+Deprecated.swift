// The spellings of `child` before the place and the tag were named `at:` and `as:` everywhere
// (as in `scope`), kept for one release.

extension Update {
    /// Runs a child's update on a part of this state; renamed.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - lens: Where the child's state lives in the parent's.
    ///   - tag: Wraps the child's actions in the parent's.
    ///   - environment: The child's environment.
    ///   - update: The child's update function.
    /// - Returns: The parent's update.
    @available(*, deprecated, renamed: "child(_:in:at:as:environment:update:)")
    @inlinable
    public static func child<ChildState, ChildAction: Sendable, ChildEnvironment>(
        _ action: ChildAction,
        state: consuming State,
        lens: @autoclosure () -> Lens<State, ChildState>,
        tag: @escaping @Sendable (ChildAction) -> Action,
        environment: ChildEnvironment,
        update: (consuming ChildState, ChildEnvironment, ChildAction) -> Update<
            ChildState, ChildAction
        >
    ) -> Update {
        child(
            action, in: consume state, at: lens(), as: tag, environment: environment,
            update: update)
    }

    /// Runs a child's update on a part of this state that may be missing; renamed.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - lens: Where the child's state may live in the parent's.
    ///   - tag: Wraps the child's actions in the parent's.
    ///   - environment: The child's environment.
    ///   - update: The child's update function.
    /// - Returns: The parent's update.
    @available(*, deprecated, renamed: "child(_:in:at:as:environment:update:)")
    @inlinable
    public static func child<ChildState, ChildAction: Sendable, ChildEnvironment>(
        _ action: ChildAction,
        state: consuming State,
        lens: OptionalLens<State, ChildState>,
        tag: @escaping @Sendable (ChildAction) -> Action,
        environment: ChildEnvironment,
        update: (consuming ChildState, ChildEnvironment, ChildAction) -> Update<
            ChildState, ChildAction
        >
    ) -> Update {
        child(
            action, in: consume state, at: lens, as: tag, environment: environment,
            update: update)
    }

    /// Runs a child ``Program`` on a part of this state; renamed.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - lens: Where the child's state lives in the parent's.
    ///   - tag: Wraps the child's actions in the parent's.
    ///   - environment: The child's environment.
    ///   - program: The child program.
    /// - Returns: The parent's update.
    @available(*, deprecated, renamed: "child(_:in:at:as:_:program:)")
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
            action, in: consume state, at: lens(), as: tag, environment: environment,
            update: Child._updateFunction)
    }

    /// Runs a child ``Program`` on a part of this state that may be missing; renamed.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - lens: Where the child's state may live in the parent's.
    ///   - tag: Wraps the child's actions in the parent's.
    ///   - environment: The child's environment.
    ///   - program: The child program.
    /// - Returns: The parent's update.
    @available(*, deprecated, renamed: "child(_:in:at:as:_:program:)")
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
            action, in: consume state, at: lens, as: tag, environment: environment,
            update: Child._updateFunction)
    }
}
