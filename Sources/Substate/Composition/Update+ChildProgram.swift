// The `child` family for children that are programs: one overload per place a child can live
// (a property, an optional, a keyed element, a lens) and per way of getting its environment
// (none, given, made from the parent's). Each says where the child lives, which action, and
// nothing else: the program is the child state's type.

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
    ///     return .child(action, in: state, at: \.detail, as: Action.detail, environment)
    /// case .todo(let id, let action):
    ///     return .child(action, in: state, at: \.todos, id: id, as: Action.todo)
    /// ```
    ///
    /// The places a child can live: a property (`\.settings`), an optional property (`\.detail`,
    /// a presented child), the element with an id in a ``KeyedArray``, an array or a dictionary
    /// (`at: \.todos, id: id`, the id said once: the tag takes it), or any ``Lens`` or
    /// ``OptionalLens`` (an enum case: `at: .case(Screen.loggedIn, in: \.screen)`). The
    /// environment is not written when the child's is `Void`; otherwise pass the parent's
    /// `environment` when the child shares its type, or when the child's environment is a
    /// ``DerivedEnvironment`` made from it.
    ///
    /// The child's state is moved out of the parent and back, never copied, in debug builds too:
    /// a 100,000-row child changes one row in place. The parent and its other parts are not
    /// touched.
    ///
    /// The child's cancellation ids are its own: an id the child gives an effect, or cancels,
    /// names that effect inside the child's place, so that the same id in the parent, in a
    /// sibling or in another instance of the same child program is a different id. A child that
    /// may be missing (an optional, a keyed element, an enum case) takes its effects with it:
    /// once an action leaves the state without it, the store cancels them right after that
    /// action's update and drops their later actions; ``Effect/cancelEffects(of:)`` cancels them
    /// while it stays. If such a child is missing when its action comes, nothing happens.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the child's state lives in the parent's.
    ///   - tag: Wraps the child's actions in the parent's: the enum case, `Action.settings`.
    /// - Returns: The parent's update.
    #if DEBUG
        @_transparent
    #else
        @inlinable
    #endif
    public static func child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, Child> & Sendable,
        as tag: @escaping @Sendable (Child.Action) -> Action
    ) -> Update where Child.State == Child, Child.Environment == Void {
        _child(action, in: consume state, at: keyPath, as: tag, environment: ())
    }

    /// Runs the update of a child program given its environment, living at a property of the parent's state; see
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)``.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the child's state lives in the parent's.
    ///   - tag: Wraps the child's actions in the parent's: the enum case.
    ///   - environment: The child's environment.
    /// - Returns: The parent's update.
    #if DEBUG
        @_transparent
    #else
        @inlinable
    #endif
    public static func child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, Child> & Sendable,
        as tag: @escaping @Sendable (Child.Action) -> Action,
        _ environment: Child.Environment
    ) -> Update where Child.State == Child {
        _child(action, in: consume state, at: keyPath, as: tag, environment: environment)
    }

    /// Runs the update of a child program whose environment is made from the parent's, living at a property of the parent's state; see
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)``.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the child's state lives in the parent's.
    ///   - tag: Wraps the child's actions in the parent's: the enum case.
    ///   - environment: The parent's environment, from which the child's is made (see ``DerivedEnvironment``).
    /// - Returns: The parent's update.
    #if DEBUG
        @_transparent
    #else
        @inlinable
    #endif
    public static func child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, Child> & Sendable,
        as tag: @escaping @Sendable (Child.Action) -> Action,
        _ environment: Child.Environment.Parent
    ) -> Update where Child.State == Child, Child.Environment: DerivedEnvironment {
        _child(
            action, in: consume state, at: keyPath, as: tag,
            environment: Child.Environment(from: environment))
    }

    /// Runs the update of a child program whose environment is `Void`, living at an optional property of the parent's state (a presented child): nothing happens while it is `nil`; see
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)``.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the child's state lives in the parent's.
    ///   - tag: Wraps the child's actions in the parent's: the enum case.
    /// - Returns: The parent's update.
    #if DEBUG
        @_transparent
    #else
        @inlinable
    #endif
    public static func child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, Child?> & Sendable,
        as tag: @escaping @Sendable (Child.Action) -> Action
    ) -> Update where Child.State == Child, Child.Environment == Void {
        _child(
            action, in: consume state, at: OptionalLens(keyPath), as: tag,
            environment: ())
    }

    /// Runs the update of a child program given its environment, living at an optional property of the parent's state (a presented child): nothing happens while it is `nil`; see
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)``.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the child's state lives in the parent's.
    ///   - tag: Wraps the child's actions in the parent's: the enum case.
    ///   - environment: The child's environment.
    /// - Returns: The parent's update.
    #if DEBUG
        @_transparent
    #else
        @inlinable
    #endif
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

    /// Runs the update of a child program whose environment is made from the parent's, living at an optional property of the parent's state (a presented child): nothing happens while it is `nil`; see
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)``.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the child's state lives in the parent's.
    ///   - tag: Wraps the child's actions in the parent's: the enum case.
    ///   - environment: The parent's environment, from which the child's is made (see ``DerivedEnvironment``).
    /// - Returns: The parent's update.
    #if DEBUG
        @_transparent
    #else
        @inlinable
    #endif
    public static func child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, Child?> & Sendable,
        as tag: @escaping @Sendable (Child.Action) -> Action,
        _ environment: Child.Environment.Parent
    ) -> Update where Child.State == Child, Child.Environment: DerivedEnvironment {
        _child(
            action, in: consume state, at: OptionalLens(keyPath), as: tag,
            environment: Child.Environment(from: environment))
    }

    /// Runs the update of a child program whose environment is `Void`, living at the element with an id in a ``KeyedArray`` of the parent's state, found in O(1); see
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)``.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the child's state lives in the parent's: the collection.
    ///   - id: The child's id in the collection.
    ///   - tag: Wraps the child's actions, with its id, in the parent's: `Action.todo`.
    /// - Returns: The parent's update.
    #if DEBUG
        @_transparent
    #else
        @inlinable @inline(__always)
    #endif
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

    /// Runs the update of a child program given its environment, living at the element with an id in a ``KeyedArray`` of the parent's state, found in O(1); see
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)``.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the child's state lives in the parent's: the collection.
    ///   - id: The child's id in the collection.
    ///   - tag: Wraps the child's actions, with its id, in the parent's: `Action.todo`.
    ///   - environment: The child's environment.
    /// - Returns: The parent's update.
    #if DEBUG
        @_transparent
    #else
        @inlinable @inline(__always)
    #endif
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

    /// Runs the update of a child program whose environment is made from the parent's, living at the element with an id in a ``KeyedArray`` of the parent's state, found in O(1); see
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)``.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the child's state lives in the parent's: the collection.
    ///   - id: The child's id in the collection.
    ///   - tag: Wraps the child's actions, with its id, in the parent's: `Action.todo`.
    ///   - environment: The parent's environment, from which the child's is made (see ``DerivedEnvironment``).
    /// - Returns: The parent's update.
    #if DEBUG
        @_transparent
    #else
        @inlinable @inline(__always)
    #endif
    public static func child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, KeyedArray<Child>> & Sendable,
        id: Child.ID,
        as tag: @escaping @Sendable (Child.ID, Child.Action) -> Action,
        _ environment: Child.Environment.Parent
    ) -> Update
    where
        Child.State == Child, Child: Identifiable, Child.ID: Sendable,
        Child.Environment: DerivedEnvironment
    {
        _child(
            action, in: consume state, at: keyPath, id: id, as: tag,
            environment: Child.Environment(from: environment))
    }

    /// Runs the update of a child program whose environment is `Void`, living at the element with an id in an array of the parent's state; see
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)``.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the child's state lives in the parent's: the collection.
    ///   - id: The child's id in the collection.
    ///   - tag: Wraps the child's actions, with its id, in the parent's: `Action.todo`.
    /// - Returns: The parent's update.
    #if DEBUG
        @_transparent
    #else
        @inlinable @inline(__always)
    #endif
    public static func child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, [Child]> & Sendable,
        id: Child.ID,
        as tag: @escaping @Sendable (Child.ID, Child.Action) -> Action
    ) -> Update
    where Child.State == Child, Child: Identifiable, Child.ID: Sendable, Child.Environment == Void {
        _child(
            action, in: consume state, at: .element(id: id, in: keyPath), as: { tag(id, $0) },
            environment: ())
    }

    /// Runs the update of a child program given its environment, living at the element with an id in an array of the parent's state; see
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)``.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the child's state lives in the parent's: the collection.
    ///   - id: The child's id in the collection.
    ///   - tag: Wraps the child's actions, with its id, in the parent's: `Action.todo`.
    ///   - environment: The child's environment.
    /// - Returns: The parent's update.
    #if DEBUG
        @_transparent
    #else
        @inlinable @inline(__always)
    #endif
    public static func child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, [Child]> & Sendable,
        id: Child.ID,
        as tag: @escaping @Sendable (Child.ID, Child.Action) -> Action,
        _ environment: Child.Environment
    ) -> Update where Child.State == Child, Child: Identifiable, Child.ID: Sendable {
        _child(
            action, in: consume state, at: .element(id: id, in: keyPath), as: { tag(id, $0) },
            environment: environment)
    }

    /// Runs the update of a child program whose environment is made from the parent's, living at the element with an id in an array of the parent's state; see
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)``.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the child's state lives in the parent's: the collection.
    ///   - id: The child's id in the collection.
    ///   - tag: Wraps the child's actions, with its id, in the parent's: `Action.todo`.
    ///   - environment: The parent's environment, from which the child's is made (see ``DerivedEnvironment``).
    /// - Returns: The parent's update.
    #if DEBUG
        @_transparent
    #else
        @inlinable @inline(__always)
    #endif
    public static func child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, [Child]> & Sendable,
        id: Child.ID,
        as tag: @escaping @Sendable (Child.ID, Child.Action) -> Action,
        _ environment: Child.Environment.Parent
    ) -> Update
    where
        Child.State == Child, Child: Identifiable, Child.ID: Sendable,
        Child.Environment: DerivedEnvironment
    {
        _child(
            action, in: consume state, at: .element(id: id, in: keyPath), as: { tag(id, $0) },
            environment: Child.Environment(from: environment))
    }

    /// Runs the update of a child program whose environment is `Void`, living at the value for a key in a dictionary of the parent's state; see
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)``.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the child's state lives in the parent's: the collection.
    ///   - key: The child's key in the collection.
    ///   - tag: Wraps the child's actions, with its id, in the parent's: `Action.todo`.
    /// - Returns: The parent's update.
    #if DEBUG
        @_transparent
    #else
        @inlinable
    #endif
    public static func child<Child: Program, Key: Hashable & Sendable>(
        _ action: Child.Action,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, [Key: Child]> & Sendable,
        id key: Key,
        as tag: @escaping @Sendable (Key, Child.Action) -> Action
    ) -> Update where Child.State == Child, Child.Environment == Void {
        _child(
            action, in: consume state, at: .value(forKey: key, in: keyPath), as: { tag(key, $0) },
            environment: ())
    }

    /// Runs the update of a child program given its environment, living at the value for a key in a dictionary of the parent's state; see
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)``.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the child's state lives in the parent's: the collection.
    ///   - key: The child's key in the collection.
    ///   - tag: Wraps the child's actions, with its id, in the parent's: `Action.todo`.
    ///   - environment: The child's environment.
    /// - Returns: The parent's update.
    #if DEBUG
        @_transparent
    #else
        @inlinable
    #endif
    public static func child<Child: Program, Key: Hashable & Sendable>(
        _ action: Child.Action,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, [Key: Child]> & Sendable,
        id key: Key,
        as tag: @escaping @Sendable (Key, Child.Action) -> Action,
        _ environment: Child.Environment
    ) -> Update where Child.State == Child {
        _child(
            action, in: consume state, at: .value(forKey: key, in: keyPath), as: { tag(key, $0) },
            environment: environment)
    }

    /// Runs the update of a child program whose environment is made from the parent's, living at the value for a key in a dictionary of the parent's state; see
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)``.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the child's state lives in the parent's: the collection.
    ///   - key: The child's key in the collection.
    ///   - tag: Wraps the child's actions, with its id, in the parent's: `Action.todo`.
    ///   - environment: The parent's environment, from which the child's is made (see ``DerivedEnvironment``).
    /// - Returns: The parent's update.
    #if DEBUG
        @_transparent
    #else
        @inlinable
    #endif
    public static func child<Child: Program, Key: Hashable & Sendable>(
        _ action: Child.Action,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, [Key: Child]> & Sendable,
        id key: Key,
        as tag: @escaping @Sendable (Key, Child.Action) -> Action,
        _ environment: Child.Environment.Parent
    ) -> Update where Child.State == Child, Child.Environment: DerivedEnvironment {
        _child(
            action, in: consume state, at: .value(forKey: key, in: keyPath), as: { tag(key, $0) },
            environment: Child.Environment(from: environment))
    }

    /// Runs the update of a child program whose environment is `Void`, living at a part of the parent's state reached by a lens; see
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
        at lens: Lens<State, Child>,
        as tag: @escaping @Sendable (Child.Action) -> Action
    ) -> Update where Child.State == Child, Child.Environment == Void {
        child(
            action, in: consume state, at: lens, as: tag, environment: (),
            update: Child._updateFunction)
    }

    /// Runs the update of a child program given its environment, living at a part of the parent's state reached by a lens; see
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)``.
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
        at lens: Lens<State, Child>,
        as tag: @escaping @Sendable (Child.Action) -> Action,
        _ environment: Child.Environment
    ) -> Update where Child.State == Child {
        child(
            action, in: consume state, at: lens, as: tag, environment: environment,
            update: Child._updateFunction)
    }

    /// Runs the update of a child program whose environment is made from the parent's, living at a part of the parent's state reached by a lens; see
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)``.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - lens: Where the child's state lives in the parent's.
    ///   - tag: Wraps the child's actions in the parent's: the enum case.
    ///   - environment: The parent's environment, from which the child's is made (see ``DerivedEnvironment``).
    /// - Returns: The parent's update.
    @inlinable
    public static func child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at lens: Lens<State, Child>,
        as tag: @escaping @Sendable (Child.Action) -> Action,
        _ environment: Child.Environment.Parent
    ) -> Update where Child.State == Child, Child.Environment: DerivedEnvironment {
        child(
            action, in: consume state, at: lens, as: tag,
            environment: Child.Environment(from: environment),
            update: Child._updateFunction)
    }

    /// Runs the update of a child program whose environment is `Void`, living at a part of the parent's state that may be missing, reached by an optional lens (an enum case: `.case(Screen.loggedIn)`); see
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)``.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - lens: Where the child's state lives in the parent's.
    ///   - tag: Wraps the child's actions in the parent's: the enum case.
    /// - Returns: The parent's update.
    #if DEBUG
        @_transparent
    #else
        @inlinable
    #endif
    public static func child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at lens: OptionalLens<State, Child>,
        as tag: @escaping @Sendable (Child.Action) -> Action
    ) -> Update where Child.State == Child, Child.Environment == Void {
        _child(action, in: consume state, at: lens, as: tag, environment: ())
    }

    /// Runs the update of a child program given its environment, living at a part of the parent's state that may be missing, reached by an optional lens (an enum case: `.case(Screen.loggedIn)`); see
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)``.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - lens: Where the child's state lives in the parent's.
    ///   - tag: Wraps the child's actions in the parent's: the enum case.
    ///   - environment: The child's environment.
    /// - Returns: The parent's update.
    #if DEBUG
        @_transparent
    #else
        @inlinable
    #endif
    public static func child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at lens: OptionalLens<State, Child>,
        as tag: @escaping @Sendable (Child.Action) -> Action,
        _ environment: Child.Environment
    ) -> Update where Child.State == Child {
        _child(action, in: consume state, at: lens, as: tag, environment: environment)
    }

    /// Runs the update of a child program whose environment is made from the parent's, living at a part of the parent's state that may be missing, reached by an optional lens (an enum case: `.case(Screen.loggedIn)`); see
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)``.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - lens: Where the child's state lives in the parent's.
    ///   - tag: Wraps the child's actions in the parent's: the enum case.
    ///   - environment: The parent's environment, from which the child's is made (see ``DerivedEnvironment``).
    /// - Returns: The parent's update.
    #if DEBUG
        @_transparent
    #else
        @inlinable
    #endif
    public static func child<Child: Program>(
        _ action: Child.Action,
        in state: consuming State,
        at lens: OptionalLens<State, Child>,
        as tag: @escaping @Sendable (Child.Action) -> Action,
        _ environment: Child.Environment.Parent
    ) -> Update where Child.State == Child, Child.Environment: DerivedEnvironment {
        _child(
            action, in: consume state, at: lens, as: tag,
            environment: Child.Environment(from: environment))
    }

    /// Runs a child ``Program`` whose environment is `Void` and whose state is not the program
    /// type itself (a program over a state from elsewhere); the same as
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)`` otherwise.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - lens: Where the child's state lives in the parent's.
    ///   - tag: Wraps the child's actions in the parent's.
    ///   - program: The child program.
    /// - Returns: The parent's update.
    @inlinable
    public static func child<P: Program>(
        _ action: P.Action,
        in state: consuming State,
        at lens: @autoclosure () -> Lens<State, P.State>,
        as tag: @escaping @Sendable (P.Action) -> Action,
        program: P.Type
    ) -> Update where P.Environment == Void {
        child(
            action, in: consume state, at: lens(), as: tag, environment: (),
            update: P._updateFunction)
    }

    /// Runs a child ``Program`` whose state is not the program type itself, given its
    /// environment; the same as ``child(_:in:at:as:_:)-(_,_,WritableKeyPath<State,Child>Sendable,_,Child.Environment)``
    /// otherwise.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - lens: Where the child's state lives in the parent's.
    ///   - tag: Wraps the child's actions in the parent's.
    ///   - environment: The child's environment.
    ///   - program: The child program.
    /// - Returns: The parent's update.
    @inlinable
    public static func child<P: Program>(
        _ action: P.Action,
        in state: consuming State,
        at lens: @autoclosure () -> Lens<State, P.State>,
        as tag: @escaping @Sendable (P.Action) -> Action,
        _ environment: P.Environment,
        program: P.Type
    ) -> Update {
        child(
            action, in: consume state, at: lens(), as: tag, environment: environment,
            update: P._updateFunction)
    }

    /// Runs a child ``Program`` whose environment is `Void` and whose state is not the program
    /// type itself, on a part of this state that may be missing.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - lens: Where the child's state may live in the parent's.
    ///   - tag: Wraps the child's actions in the parent's.
    ///   - program: The child program.
    /// - Returns: The parent's update.
    @inlinable
    public static func child<P: Program>(
        _ action: P.Action,
        in state: consuming State,
        at lens: OptionalLens<State, P.State>,
        as tag: @escaping @Sendable (P.Action) -> Action,
        program: P.Type
    ) -> Update where P.Environment == Void {
        child(
            action, in: consume state, at: lens, as: tag, environment: (),
            update: P._updateFunction)
    }

    /// Runs a child ``Program`` whose state is not the program type itself, given its
    /// environment, on a part of this state that may be missing.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - lens: Where the child's state may live in the parent's.
    ///   - tag: Wraps the child's actions in the parent's.
    ///   - environment: The child's environment.
    ///   - program: The child program.
    /// - Returns: The parent's update.
    @inlinable
    public static func child<P: Program>(
        _ action: P.Action,
        in state: consuming State,
        at lens: OptionalLens<State, P.State>,
        as tag: @escaping @Sendable (P.Action) -> Action,
        _ environment: P.Environment,
        program: P.Type
    ) -> Update {
        child(
            action, in: consume state, at: lens, as: tag, environment: environment,
            update: P._updateFunction)
    }

    /// A child program at a property of this state: what the `child` overloads for a property
    /// run. Transparent, as they are, so that unoptimised code runs it for the caller's own
    /// types: in debug builds, the child's state goes through a key path straight to its
    /// program's update, with no closure (a closure here would stay generic and look the
    /// child's types up at run time on every call, for each level of nesting).
    #if DEBUG
        @_transparent @usableFromInline
    #else
        @inlinable
    #endif
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
}

extension Update {
    /// A child program at a part that may be missing: what the `child` overloads for an
    /// optional lens run. Transparent in debug builds, as `_child` for a property is, so that
    /// the parent's update and the child's are built for the caller's own types (the generic
    /// form looked up `Update` and `OptionalLens` of the child's types on every call). Always
    /// inlined in optimised builds, and so are the `child` overloads for an element by id that
    /// call it: a row by id in a plain array (`at: \.items, id: id`) was left two calls, the
    /// key path's offset found at run time, about 250 instructions per action more.
    #if DEBUG
        @_transparent @usableFromInline
    #else
        @inlinable @inline(__always)
    #endif
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

    /// A child program at the element with an id in a ``KeyedArray``: what the `child`
    /// overloads for such an element run. The element is changed where it lies, and the
    /// element lens (an object holding the array's path and the id, two closures, the effect
    /// key and the row's address) is made only when the child returns an effect, which needs
    /// it: made and destroyed in every update, it cost a row's action about 740 instructions
    /// (callgrind, `scope.rows.1k`), its destruction running through the lens's generic value
    /// witness.
    #if DEBUG
        @_transparent @usableFromInline
    #else
        @inlinable @inline(__always)
    #endif
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

/// Runs a child program's update on its state in place, for unoptimised builds: the state is
/// moved into the program's own update (called through its conformance, not through a
/// function value, which would keep a second reference to it) and the new state moved back.
#if DEBUG
    @_transparent @usableFromInline
#else
    @inlinable
#endif
func _movingProgramUpdate<Child: Program>(
    _ child: inout Child, _ environment: Child.Environment, _ action: Child.Action
) -> Effect<Child.Action> where Child.State == Child {
    let update = Child.update(state: consume child, environment: environment, action: action)
    child = update.state
    return update.effect
}
