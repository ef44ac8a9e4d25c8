// The `child` family for children that are programs: one pair of overloads per kind of place a
// child can live (a property, an optional property, an element of a `KeyedArray` by id, an
// optional lens), the first for a child whose environment is `Void`, the second for a child
// given its environment. A stack of screens and a presented child are properties too: a
// `ScreenStack` and an optional child are programs of their own.

extension Update {
    /// Runs a child program's update on a part of this state and returns the parent's update: the
    /// child's new state written in place, the child's effects sending parent actions.
    ///
    /// A child call says where the child lives, which action, and (when the child has one) the
    /// environment; the program is the type of the child's state:
    ///
    /// ```swift
    /// case .settings(let action):
    ///     return .child(action, in: state, at: \.settings, as: Action.settings)
    /// case .detail(let action):
    ///     return .child(action, in: state, at: \.detail, as: Action.detail, environment.detail)
    /// case .todo(let id, let action):
    ///     return .child(action, in: state, at: \.todos, id: id, as: Action.todo)
    /// case .path(let action):
    ///     return .child(action, in: state, at: \.path, as: Action.path)
    /// ```
    ///
    /// The places a child can live, one form each:
    ///
    /// | place | `at:` |
    /// |---|---|
    /// | a property | `\.settings` |
    /// | a stack of screens (a ``ScreenStack``, with ``StackAction``) | `\.path` |
    /// | a presented child (an optional, with ``PresentationAction``) | `\.editor` |
    /// | an optional property (its own actions) | `\.detail` |
    /// | the element with an id in a ``KeyedArray`` | `\.todos, id: id` |
    /// | an enum case, an element by id in an array, a value by key in a dictionary, or any composition: an ``OptionalLens`` | `.case(Screen.loggedIn, in: \.screen)`, `.element(id: id, in: \.rows)`, `.value(forKey: key, in: \.byName)` |
    ///
    /// The environment is not written when the child's is `Void`; otherwise it is the last
    /// argument: the parent's `environment` when the child shares its type, or the child's
    /// made from it (`environment.search`).
    ///
    /// The child's state is moved out of the parent and back, never copied: a 100,000-row
    /// child changes one row in place. The parent and its other parts are not touched.
    ///
    /// The child's cancellation ids are its own: an id the child gives an effect, or cancels,
    /// names that effect inside the child's place, so that the same id in the parent, in a
    /// sibling or in another instance of the same child program is a different id. A child that
    /// may be missing (an optional, a keyed element, an enum case, a screen) takes its effects
    /// with it: once an action leaves the state without it, the store cancels them right after
    /// that action's update and drops their later actions; ``Effect/cancelEffects(of:)`` cancels
    /// them while it stays. If such a child is missing when its action comes, nothing happens.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the child's state lives in the parent's.
    ///   - tag: Wraps the child's actions in the parent's: the enum case, `Action.settings`.
    /// - Returns: The parent's update.
    @inlinable
    public static func child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, Child> & Sendable,
        as tag: @escaping @Sendable (Child.Action) -> Action
    ) -> Update where Child.State == Child, Child.Environment == Void {
        _child(action, in: consume state, at: keyPath, as: tag, environment: ())
    }

    /// Runs the update of a child program given its environment, living at a property of the
    /// parent's state; see ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)``.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the child's state lives in the parent's.
    ///   - tag: Wraps the child's actions in the parent's: the enum case.
    ///   - environment: The child's environment.
    /// - Returns: The parent's update.
    @inlinable
    public static func child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, Child> & Sendable,
        as tag: @escaping @Sendable (Child.Action) -> Action,
        _ environment: Child.Environment
    ) -> Update where Child.State == Child {
        _child(action, in: consume state, at: keyPath, as: tag, environment: environment)
    }

    /// Runs the update of a child program whose environment is `Void`, living at an optional
    /// property of the parent's state: nothing happens while it is `nil`; see
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)``. (A presented
    /// child, whose actions are ``PresentationAction``s, is a property of its own program: the
    /// first form.)
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the child's state lives in the parent's.
    ///   - tag: Wraps the child's actions in the parent's: the enum case.
    /// - Returns: The parent's update.
    @inlinable
    public static func child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, Child?> & Sendable,
        as tag: @escaping @Sendable (Child.Action) -> Action
    ) -> Update where Child.State == Child, Child.Environment == Void {
        _child(action, in: consume state, at: OptionalLens(keyPath), as: tag, environment: ())
    }

    /// Runs the update of a child program given its environment, living at an optional
    /// property of the parent's state; see
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child?>Sendable,_)``.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the child's state lives in the parent's.
    ///   - tag: Wraps the child's actions in the parent's: the enum case.
    ///   - environment: The child's environment.
    /// - Returns: The parent's update.
    @inlinable
    public static func child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, Child?> & Sendable,
        as tag: @escaping @Sendable (Child.Action) -> Action,
        _ environment: Child.Environment
    ) -> Update where Child.State == Child {
        _child(
            action, in: consume state, at: OptionalLens(keyPath), as: tag,
            environment: environment)
    }

    /// Runs the update of a child program whose environment is `Void`, living at the element
    /// with an id in a ``KeyedArray`` of the parent's state; see
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)``. The id is said
    /// once: the tag takes it with the child's action (`case todo(id: Todo.ID, Todo.Action)`).
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the collection lives in the parent's state.
    ///   - id: The child's id in the collection.
    ///   - tag: Wraps the child's actions, with its id, in the parent's: `Action.todo`.
    /// - Returns: The parent's update.
    /// - Complexity: O(1) to find the child, when rows did not move.
    @inlinable
    public static func child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, KeyedArray<Child>> & Sendable,
        id: Child.ID,
        as tag: @escaping @Sendable (Child.ID, Child.Action) -> Action
    ) -> Update
    where Child.State == Child, Child: Identifiable, Child.ID: Sendable, Child.Environment == Void {
        _child(action, in: consume state, at: keyPath, id: id, as: tag, environment: ())
    }

    /// Runs the update of a child program given its environment, living at the element with
    /// an id in a ``KeyedArray`` of the parent's state; see
    /// ``child(_:in:at:id:as:)-(_,_,WritableKeyPath<State,KeyedArray<Child>>Sendable,_,_)``.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the collection lives in the parent's state.
    ///   - id: The child's id in the collection.
    ///   - tag: Wraps the child's actions, with its id, in the parent's.
    ///   - environment: The child's environment.
    /// - Returns: The parent's update.
    @inlinable
    public static func child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, KeyedArray<Child>> & Sendable,
        id: Child.ID,
        as tag: @escaping @Sendable (Child.ID, Child.Action) -> Action,
        _ environment: Child.Environment
    ) -> Update where Child.State == Child, Child: Identifiable, Child.ID: Sendable {
        _child(action, in: consume state, at: keyPath, id: id, as: tag, environment: environment)
    }

    // swift-format-ignore
    /// A keyed collection's child is run by its id: this form, without `id:`, does not
    /// compile, and says so.
    @_documentation(visibility: internal)
    @available(
        *, unavailable,
        message: "a KeyedArray's element is run by its id: add id:, as in .child(action, in: state, at: \\.todos, id: id, as: Action.todo)"
    )
    public static func child<Child: Program, ChildAction>(
        _ action: ChildAction,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, KeyedArray<Child>> & Sendable,
        as tag: @escaping @Sendable (Child.ID, ChildAction) -> Action
    ) -> Update where Child: Identifiable {
        fatalError("unavailable")
    }

    // swift-format-ignore
    /// A property whose type is not a ``Program`` is not a place for a child: this form does
    /// not compile, and says what to write for the usual mistakes, an enum whose case holds
    /// the child, and a state whose program is another type.
    @_documentation(visibility: internal)
    @available(
        *, unavailable,
        message: "the property at: is not a Program: for a case of an enum, name it: at: .case(Screen.detail, in: \\.screen); for a state whose program is another type (Feature), pass its update: at: Lens(\\.part), as: Action.part, environment: (), update: Feature.update"
    )
    public static func child<Part, ChildAction>(
        _ action: ChildAction,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, Part> & Sendable,
        as tag: @escaping @Sendable (ChildAction) -> Action
    ) -> Update {
        fatalError("unavailable")
    }

    /// Runs the update of a child program whose environment is `Void`, living at a part of
    /// the parent's state that may be missing, reached by an optional lens: an enum case
    /// (`.case(Screen.loggedIn, in: \.screen)`), an element by id in an array
    /// (`.element(id: id, in: \.rows)`), a value by key in a dictionary
    /// (`.value(forKey: key, in: \.byName)`), or a composition of lenses; see
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)``.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - lens: Where the child's state lives in the parent's.
    ///   - tag: Wraps the child's actions in the parent's: the enum case.
    /// - Returns: The parent's update.
    @inlinable
    public static func child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at lens: OptionalLens<State, Child>,
        as tag: @escaping @Sendable (Child.Action) -> Action
    ) -> Update where Child.State == Child, Child.Environment == Void {
        _child(action, in: consume state, at: lens, as: tag, environment: ())
    }

    /// Runs the update of a child program given its environment, living at a part of the
    /// parent's state that may be missing, reached by an optional lens; see
    /// ``child(_:in:at:as:)-(_,_,OptionalLens<State,Child>,_)``.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - lens: Where the child's state lives in the parent's.
    ///   - tag: Wraps the child's actions in the parent's: the enum case.
    ///   - environment: The child's environment.
    /// - Returns: The parent's update.
    @inlinable
    public static func child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at lens: OptionalLens<State, Child>,
        as tag: @escaping @Sendable (Child.Action) -> Action,
        _ environment: Child.Environment
    ) -> Update where Child.State == Child {
        _child(action, in: consume state, at: lens, as: tag, environment: environment)
    }
}

extension Update {
    /// A child program at a property: its state moved out and back, its effects embedded
    /// through the key path.
    @inlinable
    static func _child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, Child> & Sendable,
        as tag: @escaping @Sendable (Child.Action) -> Action,
        environment: Child.Environment
    ) -> Update where Child.State == Child {
        let path: WritableKeyPath<State, Child> = keyPath
        let effect = _movingProgramUpdate(&state[keyPath: path], environment, action)
        return Update(
            state: state, effect: effect.isNone ? .none : embed(effect, tag, Lens(keyPath)))
    }

    /// A child program at a part that may be missing, reached by an optional lens.
    @inlinable
    static func _child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at lens: OptionalLens<State, Child>,
        as tag: @escaping @Sendable (Child.Action) -> Action,
        environment: Child.Environment
    ) -> Update where Child.State == Child {
        var effect: Effect<Child.Action> = .none
        _ = lens.write(&state) { child in
            effect = _movingProgramUpdate(&child, environment, action)
        }
        guard !effect.isNone else { return Update(state: state) }
        return Update(state: state, effect: embed(effect, tag, lens))
    }

    /// A child program at the element with an id in a ``KeyedArray``. The element is changed
    /// where it lies, and the element lens is made only when the child returns an effect,
    /// which needs it (made and destroyed in every update, it cost a row's action about 740
    /// instructions).
    @inlinable
    static func _child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, KeyedArray<Child>> & Sendable,
        id: Child.ID,
        as tag: @escaping @Sendable (Child.ID, Child.Action) -> Action,
        environment: Child.Environment
    ) -> Update where Child.State == Child, Child: Identifiable, Child.ID: Sendable {
        var effect: Effect<Child.Action> = .none
        _ = _StoredPath(keyPath).modify(&state) { rows in
            rows._modify(id: id) { child in
                effect = _movingProgramUpdate(&child, environment, action)
            }
        }
        guard !effect.isNone else { return Update(state: state) }
        return Update(
            state: state,
            effect: embed(effect, { tag(id, $0) }, .element(id: id, in: keyPath)))
    }
}

/// Runs a child program's update on its state in place: the state is moved into the program's
/// own update (called through its conformance, not through a function value, which would keep
/// a second reference to it in unoptimised code) and the new state moved back.
@inlinable
func _movingProgramUpdate<Child: Program>(
    _ child: inout Child, _ environment: Child.Environment, _ action: Child.Action
) -> Effect<Child.Action> where Child.State == Child {
    let update = Child.update(state: consume child, environment: environment, action: action)
    child = update.state
    return update.effect
}
