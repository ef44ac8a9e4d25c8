extension Update {
    /// Runs a child program's update on a part of this state and returns the parent's update:
    /// the child's new state written in place, the child's effects sending parent actions.
    ///
    /// ```swift
    /// case .settings(let action):
    ///     return .child(
    ///         action, state: state, lens: Lens(\.settings), tag: AppAction.settings,
    ///         environment: environment.settings, update: Settings.update)
    /// ```
    ///
    /// The child's state is moved out of the parent and back, never copied: a child update
    /// that takes its state as `consuming` changes it in place, and the parent and its other
    /// parts are not touched.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - lens: Where the child's state lives in the parent's.
    ///   - tag: Wraps the child's actions in the parent's (the enum case, `AppAction.settings`).
    ///   - environment: The child's environment.
    ///   - update: The child's update function.
    /// - Returns: The parent's update.
    @inlinable
    public static func child<ChildState, ChildAction: Sendable, ChildEnvironment>(
        _ action: ChildAction,
        state: consuming State,
        lens: Lens<State, ChildState>,
        tag: @escaping @Sendable (ChildAction) -> Action,
        environment: ChildEnvironment,
        update: (consuming ChildState, ChildEnvironment, ChildAction) -> Update<
            ChildState, ChildAction
        >
    ) -> Update {
        var effect: Effect<ChildAction> = .none
        lens.write(&state) { child in
            effect = movingUpdate(&child) { update($0, environment, action) }
        }
        return Update(state: state, effect: effect.isNone ? .none : effect.map(tag))
    }

    /// Runs a child program's update on a part of this state that may be missing: an optional
    /// child, an enum case's payload, a keyed element of a collection.
    ///
    /// If the part is missing, nothing happens: the state is returned unchanged, with no
    /// effect. Effects of a keyed child (an element by index, id or key, or an enum case) run
    /// under the lens's id, so that ``Effect/cancelEffects(of:)`` cancels them when the parent
    /// removes the child.
    ///
    /// ```swift
    /// case .todo(let id, let action):
    ///     return .child(
    ///         action, state: state, lens: .element(id: id, in: \.todos),
    ///         tag: { .todo(id, $0) }, environment: (), update: Todo.update)
    /// ```
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - lens: Where the child's state may live in the parent's.
    ///   - tag: Wraps the child's actions in the parent's.
    ///   - environment: The child's environment.
    ///   - update: The child's update function.
    /// - Returns: The parent's update.
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
        var effect: Effect<ChildAction> = .none
        _ = lens.write(&state) { child in
            effect = movingUpdate(&child) { update($0, environment, action) }
        }
        guard !effect.isNone else { return Update(state: state) }
        return Update(state: state, effect: lens.identified(effect.map(tag)))
    }
}

extension OptionalLens {
    /// The effect, cancellable under this lens's id when it has one.
    @usableFromInline
    func identified<Action>(_ effect: Effect<Action>) -> Effect<Action> {
        guard let effectID else { return effect }
        return Effect(operation: .cancellable(effectID, cancelInFlight: false, effect))
    }
}

extension Effect {
    /// An effect that cancels the running effects of a keyed child: those started through
    /// ``Update/child(_:state:lens:tag:environment:update:)-(_,_,OptionalLens<State,ChildState>,_,_,_)``
    /// with the same lens.
    ///
    /// Return it when the parent removes the child, so that nothing the child started outlives
    /// it:
    ///
    /// ```swift
    /// case .delete(let id):
    ///     state.todos.removeAll { $0.id == id }
    ///     return Update(state: state, effect: .cancelEffects(of: .element(id: id, in: \.todos)))
    /// ```
    /// - Parameter lens: The lens to the removed child.
    /// - Returns: An effect that cancels, or ``none`` for a lens without an id.
    public static func cancelEffects<Whole, Part>(of lens: OptionalLens<Whole, Part>) -> Effect {
        guard let id = lens.effectID else { return .none }
        return Effect(operation: .cancel([id]))
    }
}

/// Moves a value out of its storage into `body`, which returns an update of it, and moves the
/// updated state back: the value never exists twice, so a `consuming` update of it changes
/// its collections in place.
@inlinable
func movingUpdate<State, Action>(
    _ value: inout State, _ body: (consuming State) -> Update<State, Action>
) -> Effect<Action> {
    withUnsafeMutablePointer(to: &value) { pointer in
        unpack({ body(pointer.move()) }, stateInto: pointer)
    }
}
