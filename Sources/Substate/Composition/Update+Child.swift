extension Update {
    /// Runs a child program's update on a part of this state and returns the parent's update:
    /// the child's new state written in place, the child's effects sending parent actions.
    ///
    /// This is the form for an update function that is a closure. A child that is a
    /// ``Program`` is embedded with the shorter
    /// ``child(_:in:at:as:)-(_,_,WritableKeyPath<State,Child>Sendable,_)`` family, which also updates
    /// the child in place in debug builds: passing a program's `update` here as a function
    /// value makes unoptimised code keep a second reference to the child's state during the
    /// update, so that its first write to a collection copies it (see ``Program``).
    ///
    /// ```swift
    /// case .counter(let action):
    ///     return .child(
    ///         action, in: state, at: Lens(\.counter), as: AppAction.counter, environment: (),
    ///         update: { state, _, action in Update(state: state + action) })
    /// ```
    ///
    /// The child's state is moved out of the parent and back, never copied: a child update
    /// that takes its state as `consuming` changes it in place, and the parent and its other
    /// parts are not touched.
    ///
    /// The child's cancellation ids are its own: an id the child gives an effect, or cancels,
    /// names that effect inside the child's place (its lens's key path), so that the same id
    /// in the parent, in a sibling or in another instance of the same child program is a
    /// different id. A lens made from closures has no place to tell it apart: its child's ids
    /// are used as they are.
    /// - Parameters:
    ///   - action: The child's action.
    ///   - state: The parent's state.
    ///   - lens: Where the child's state lives in the parent's. Evaluated once, and once more
    ///     when the child returns an effect: write the lens itself (`Lens(\.settings)`), not
    ///     an expression with side effects.
    ///   - tag: Wraps the child's actions in the parent's (the enum case, `AppAction.settings`).
    ///   - environment: The child's environment.
    ///   - update: The child's update function.
    /// - Returns: The parent's update.
    @inlinable
    public static func child<ChildState, ChildAction: Sendable, ChildEnvironment>(
        _ action: ChildAction,
        in state: consuming State,
        at lens: @autoclosure () -> Lens<State, ChildState>,
        as tag: @escaping @Sendable (ChildAction) -> Action,
        environment: ChildEnvironment,
        update: (consuming ChildState, ChildEnvironment, ChildAction) -> Update<
            ChildState, ChildAction
        >
    ) -> Update {
        var effect: Effect<ChildAction> = .none
        lens().write(&state) { child in
            effect = movingUpdate(&child, update, environment, action)
        }
        // The lens is made again only for an effect: kept as a value, a key path lens could no
        // longer be folded into a direct access to the child (+20 ns per level).
        return Update(state: state, effect: effect.isNone ? .none : embed(effect, tag, lens()))
    }

    /// A child's effect, sending parent actions, with its ids placed in the child's place and
    /// the conditions of the child's own children restated in terms of this state.
    @inlinable @inline(__always)
    static func embed<ChildState, ChildAction: Sendable>(
        _ effect: Effect<ChildAction>, _ tag: @escaping @Sendable (ChildAction) -> Action,
        _ lens: Lens<State, ChildState>
    ) -> Effect<Action> {
        var mapped = effect.map(tag)
        if mapped._containsIDs, let key = lens._placeKey { mapped = mapped._placed(in: key) }
        return mapped._containsLifetime ? mapped._lifted { $0._lifted(through: lens) } : mapped
    }

    /// Runs a child program's update on a part of this state that may be missing: an optional
    /// child, an enum case's payload, a keyed element of a collection.
    ///
    /// If the part is missing, nothing happens: the state is returned unchanged, with no
    /// effect.
    ///
    /// The child's effects live as long as the child: once an action leaves the state without
    /// it (the element is removed, the optional becomes `nil`, the enum changes case), the
    /// store cancels them right after that action's update and drops their later actions.
    /// The store checks this after every action while such effects run, at a cost of one
    /// lens read per running child effect and level; an effect of a child that is already
    /// gone when the update is committed does not start. Effects of a child reached through
    /// a lens with a place (a key path to an optional, an element by index, id or key, an
    /// enum case, or a composition of those) also run under the lens's id, so that
    /// ``Effect/cancelEffects(of:)`` can cancel them while the child is still there, and the
    /// child's own cancellation ids are placed inside it, as for the other `child`: the rows
    /// of two lists, or the same row id in two panes, never cancel each other's effects.
    ///
    /// This is the form for an update function that is a closure; a child that is a
    /// ``Program`` is embedded with the shorter
    /// ``child(_:in:at:id:as:)-(_,_,WritableKeyPath<State,KeyedArray<Child>>Sendable,_,_)`` family
    /// (see the other `child(_:in:at:as:environment:update:)` for why).
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
        in state: consuming State,
        at lens: OptionalLens<State, ChildState>,
        as tag: @escaping @Sendable (ChildAction) -> Action,
        environment: ChildEnvironment,
        update: (consuming ChildState, ChildEnvironment, ChildAction) -> Update<
            ChildState, ChildAction
        >
    ) -> Update {
        var effect: Effect<ChildAction> = .none
        _ = lens.write(&state) { child in
            effect = movingUpdate(&child, update, environment, action)
        }
        guard !effect.isNone else { return Update(state: state) }
        return Update(state: state, effect: embed(effect, tag, lens))
    }

    /// The effect of a child that may go, sending parent actions: its ids placed in the
    /// child's place, its own children's conditions restated in terms of this state, and the
    /// whole bound to the child's lifetime.
    @inlinable @inline(__always)
    static func embed<ChildState, ChildAction: Sendable>(
        _ effect: Effect<ChildAction>, _ tag: @escaping @Sendable (ChildAction) -> Action,
        _ lens: OptionalLens<State, ChildState>
    ) -> Effect<Action> {
        var mapped = effect.map(tag)
        if mapped._containsIDs, let key = lens._placeKey { mapped = mapped._placed(in: key) }
        if mapped._containsLifetime { mapped = mapped._lifted { $0._lifted(through: lens) } }
        return lens._withLifetime(mapped)
    }
}

extension OptionalLens {
    /// The effect, with the part's lifetime (the store cancels it once the part is dead) and
    /// cancellable under this lens's place when it has one.
    @usableFromInline
    func _withLifetime<Action>(_ effect: Effect<Action>) -> Effect<Action> {
        let living = Effect(operation: .marked(.lifetime(lifetime), effect))
        guard let placeID else { return living }
        return living.cancellable(placeID)
    }

    /// The part's lifetime: it is alive while the lens finds it in the state.
    var lifetime: EffectLifetime {
        .checking(Whole.self) { [self] whole in self.contains(whole.pointee) }
    }
}

extension Effect {
    /// An effect that cancels the running effects of a keyed child: those started through
    /// ``Update/child(_:in:at:as:environment:update:)-(_,_,OptionalLens<State,ChildState>,_,_,_)``
    /// with the same lens.
    ///
    /// A removed child's effects end on their own (see `Update.child`); use this to stop a
    /// child's work while the child stays, for example when the user cancels a row's upload:
    ///
    /// ```swift
    /// case .cancelUpload(let id):
    ///     return Update(state: state, effect: .cancelEffects(of: .element(id: id, in: \Board.rows)))
    /// ```
    ///
    /// It cancels the child at the lens's place in the state of the program that returns it,
    /// and only while that child is there: in a parent embedded in a grandparent, it cancels
    /// the effects of this parent's child alone, and with a lens to one case of an enum it
    /// does nothing while the enum is in another case (whose child may have the same type).
    ///
    /// The place is the path of keys the lens goes through, however the lens was composed: a
    /// lens composed from the root through a screen's case to one of its rows reaches the row
    /// whether the row was embedded level by level (the screen in the root, the row in the
    /// screen) or through a composed lens, and whichever way the parts were grouped. A child
    /// at a plain property of such a child has no place of its own: name the optional part
    /// that holds it.
    /// - Parameter lens: The lens to the child.
    /// - Returns: An effect that cancels, or ``none`` for a lens without an id (one made from
    ///   closures with ``OptionalLens/init(get:set:)``).
    public static func cancelEffects<Whole, Part>(of lens: OptionalLens<Whole, Part>) -> Effect {
        guard let id = lens.placeID else { return .none }
        return Effect(operation: .marked(.lifetime(lens.lifetime), .cancelling([id])))
    }
}

/// Moves a value out of its storage into `update`, and moves the updated state back: the
/// value never exists twice, so a `consuming` update of it changes its collections in place.
/// The value is passed straight to `update`, not through a closure of its own: unoptimised
/// code would keep a second reference to it in the closure's parameter.
@inlinable
func movingUpdate<State, Environment, Action>(
    _ value: inout State,
    _ update: (consuming State, Environment, Action) -> Update<State, Action>,
    _ environment: Environment,
    _ action: Action
) -> Effect<Action> {
    withUnsafeMutablePointer(to: &value) { pointer in
        unpack({ update(pointer.move(), environment, action) }, stateInto: pointer)
    }
}
