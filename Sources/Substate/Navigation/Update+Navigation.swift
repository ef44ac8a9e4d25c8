// The `child` family for navigation: a stack of screens (``StackAction``) and a presented
// child (``PresentationAction``), each with the three ways of getting a child's environment
// (none, given, made from the parent's), like the other `child` calls.

extension Update {
    /// Pushes, pops, or runs a screen's program on a ``ScreenStack`` of this state, and returns
    /// the parent's update.
    ///
    /// ```swift
    /// case .path(let action):
    ///     return .child(action, in: state, at: \.path, as: Action.path)
    /// ```
    ///
    /// For `.screen(id, action)`, the screen's state is moved out of the stack and back, never
    /// copied, and its effects run inside the screen's place: two screens of the same type
    /// have separate cancellation ids, and a screen's effects end when it is popped (their
    /// later actions are dropped). An action for a screen that is not on the stack is
    /// dropped; a debug build says so on standard error. A screen whose update returns
    /// ``dismiss(_:)`` is popped by a `.popFrom(id)` sent right after, which the parent can
    /// match (the screen is still there then) before handing it here.
    /// - Parameters:
    ///   - action: The stack's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the stack lives in the parent's state.
    ///   - tag: Wraps the stack's actions in the parent's: the enum case, `Action.path`.
    /// - Returns: The parent's update.
    /// - Complexity: O(1) in the stack's depth to push or pop one screen, O(log *n*) to find
    ///   a screen for its action.
    @inlinable
    public static func child<Screen: Program>(
        _ action: StackAction<Screen>,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, ScreenStack<Screen>> & Sendable,
        as tag: @escaping @Sendable (StackAction<Screen>) -> Action
    ) -> Update where Screen.State == Screen, Screen.Environment == Void {
        stack(action, in: state, at: keyPath, as: tag, environment: ())
    }

    /// Pushes, pops, or runs a screen's program given its environment; see
    /// ``child(_:in:at:as:)-(StackAction<Screen>,_,_,_)``.
    /// - Parameters:
    ///   - action: The stack's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the stack lives in the parent's state.
    ///   - tag: Wraps the stack's actions in the parent's: the enum case.
    ///   - environment: The screens' environment.
    /// - Returns: The parent's update.
    @inlinable
    public static func child<Screen: Program>(
        _ action: StackAction<Screen>,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, ScreenStack<Screen>> & Sendable,
        as tag: @escaping @Sendable (StackAction<Screen>) -> Action,
        _ environment: Screen.Environment
    ) -> Update where Screen.State == Screen {
        stack(action, in: state, at: keyPath, as: tag, environment: environment)
    }

    /// Pushes, pops, or runs a screen's program whose environment is made from the
    /// parent's; see ``child(_:in:at:as:)-(StackAction<Screen>,_,_,_)``.
    /// - Parameters:
    ///   - action: The stack's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the stack lives in the parent's state.
    ///   - tag: Wraps the stack's actions in the parent's: the enum case.
    ///   - environment: The parent's environment, from which the screens' is made (see
    ///     ``DerivedEnvironment``).
    /// - Returns: The parent's update.
    @inlinable
    public static func child<Screen: Program>(
        _ action: StackAction<Screen>,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, ScreenStack<Screen>> & Sendable,
        as tag: @escaping @Sendable (StackAction<Screen>) -> Action,
        _ environment: Screen.Environment.Parent
    ) -> Update where Screen.State == Screen, Screen.Environment: DerivedEnvironment {
        stack(
            action, in: state, at: keyPath, as: tag,
            environment: Screen.Environment(from: environment))
    }

    /// Runs a presented child's program, or dismisses it, and returns the parent's update.
    ///
    /// ```swift
    /// case .editor(let action):
    ///     return .child(action, in: state, at: \.editor, as: Action.editor)
    /// ```
    ///
    /// `.presented(action)` runs the child's update in place, its effects bound to the child:
    /// they end when it is dismissed, or when another child takes its place (for a child
    /// that is `Identifiable`, one with another id), and their later actions are dropped. An action that
    /// comes while no child is presented is dropped (a debug build says so on standard
    /// error). `.dismiss` sets the child to `nil`. A child whose update returns
    /// ``dismiss(_:)`` makes this send the parent `.dismiss` right after (unless the parent
    /// put another child in its place in the same update: a dismissal only removes the child
    /// that asked), which the parent
    /// can match (the child is still there then) before handing it here. An enum of several
    /// destinations is one child whose program routes to its cases; see
    /// <doc:Navigation>.
    /// - Parameters:
    ///   - action: The presentation's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the optional child lives in the parent's state.
    ///   - tag: Wraps the presentation's actions in the parent's: the enum case,
    ///     `Action.editor`.
    /// - Returns: The parent's update.
    @inlinable
    public static func child<Child: Program>(
        _ action: PresentationAction<Child.Action>,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, Child?> & Sendable,
        as tag: @escaping @Sendable (PresentationAction<Child.Action>) -> Action
    ) -> Update where Child.State == Child, Child.Environment == Void {
        presentation(action, in: state, at: keyPath, as: tag, environment: ())
    }

    /// Runs a presented child's program given its environment, or dismisses it; see
    /// ``child(_:in:at:as:)-(PresentationAction<Child.Action>,_,_,_)``.
    /// - Parameters:
    ///   - action: The presentation's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the optional child lives in the parent's state.
    ///   - tag: Wraps the presentation's actions in the parent's: the enum case.
    ///   - environment: The child's environment.
    /// - Returns: The parent's update.
    @inlinable
    public static func child<Child: Program>(
        _ action: PresentationAction<Child.Action>,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, Child?> & Sendable,
        as tag: @escaping @Sendable (PresentationAction<Child.Action>) -> Action,
        _ environment: Child.Environment
    ) -> Update where Child.State == Child {
        presentation(action, in: state, at: keyPath, as: tag, environment: environment)
    }

    /// Runs a presented child's program whose environment is made from the parent's, or
    /// dismisses it; see ``child(_:in:at:as:)-(PresentationAction<Child.Action>,_,_,_)``.
    /// - Parameters:
    ///   - action: The presentation's action.
    ///   - state: The parent's state.
    ///   - keyPath: Where the optional child lives in the parent's state.
    ///   - tag: Wraps the presentation's actions in the parent's: the enum case.
    ///   - environment: The parent's environment, from which the child's is made (see
    ///     ``DerivedEnvironment``).
    /// - Returns: The parent's update.
    @inlinable
    public static func child<Child: Program>(
        _ action: PresentationAction<Child.Action>,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, Child?> & Sendable,
        as tag: @escaping @Sendable (PresentationAction<Child.Action>) -> Action,
        _ environment: Child.Environment.Parent
    ) -> Update where Child.State == Child, Child.Environment: DerivedEnvironment {
        presentation(
            action, in: state, at: keyPath, as: tag,
            environment: Child.Environment(from: environment))
    }

    @inlinable
    static func stack<Screen: Program>(
        _ action: StackAction<Screen>,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, ScreenStack<Screen>> & Sendable,
        as tag: @escaping @Sendable (StackAction<Screen>) -> Action,
        environment: @autoclosure () -> Screen.Environment
    ) -> Update where Screen.State == Screen {
        switch action {
        case .push(let screen):
            state[keyPath: keyPath].push(screen)
        case .pop:
            state[keyPath: keyPath].pop()
        case .popTo(let id):
            state[keyPath: keyPath].pop(to: id)
        case .popFrom(let id):
            state[keyPath: keyPath].pop(from: id)
        case .popToRoot:
            state[keyPath: keyPath].popToRoot()
        case .screen(let id, let screenAction):
            // Bound to this stack: a stack assigned in its place (a deep link) ends the screen.
            let lineage = ScreenStack.lineage(at: keyPath, in: state)
            let lens = OptionalLens<State, Screen>.screen(id, in: keyPath, lineage: lineage)
            var effect: Effect<Screen.Action> = .none
            let found = lens.write(&state) { screen in
                effect = movingUpdate(&screen, Screen._updateFunction, environment(), screenAction)
            }
            guard found else {
                _warnDropped(screenAction, for: "screen \(id)", in: ScreenStack<Screen>.self)
                return Update(state: state)
            }
            guard !effect.isNone else { return Update(state: state) }
            let dismissed = effect._asksToDismiss
            let embedded = embed(
                dismissed ? effect._withoutDismissal : effect, { tag(.screen(id, $0)) }, lens)
            return Update(
                state: state,
                effect: dismissed ? .merge(embedded, .send(tag(.popFrom(id)))) : embedded)
        }
        return Update(state: state)
    }

    @inlinable
    static func presentation<Child: Program>(
        _ action: PresentationAction<Child.Action>,
        in state: consuming State,
        at keyPath: any WritableKeyPath<State, Child?> & Sendable,
        as tag: @escaping @Sendable (PresentationAction<Child.Action>) -> Action,
        environment: @autoclosure () -> Child.Environment
    ) -> Update where Child.State == Child {
        switch action {
        case .dismiss:
            state[keyPath: keyPath] = nil
            return Update(state: state)
        case .presented(let childAction):
            let lens = OptionalLens(keyPath)
            var effect: Effect<Child.Action> = .none
            var identity: _PresentedIdentity<Child>?
            var asking: Child?
            let found = lens.write(&state) { child in
                effect = movingUpdate(&child, Child._updateFunction, environment(), childAction)
                if !effect.isNone { identity = _PresentedIdentity(of: child) }
                if identity == nil, effect._asksToDismiss { asking = child }
            }
            guard found else {
                _warnDropped(childAction, for: "the presented child", in: Child?.self)
                return Update(state: state)
            }
            guard !effect.isNone else { return Update(state: state) }
            let dismissed = effect._asksToDismiss
            let embedded = embed(
                dismissed ? effect._withoutDismissal : effect, { tag(.presented($0)) },
                OptionalLens.presented(at: keyPath, identity))
            guard dismissed else { return Update(state: state, effect: embedded) }
            // The `.dismiss` that follows is the asking child's: it does not go out if the
            // parent put another child in its place in this update.
            let asker = OptionalLens.asking(at: keyPath, _Asker(identity: identity, state: asking))
            return Update(
                state: state, effect: .merge(embedded, asker._withLifetime(.send(tag(.dismiss)))))
        }
    }
}

extension OptionalLens {
    /// The lens a presented child's effects live by: the optional at `keyPath`, and, for an
    /// `Identifiable` child, only while it is the same child (the same id), so that
    /// presenting another child in its place ends the effects of the first, as dismissing it
    /// would.
    @usableFromInline
    static func presented(
        at keyPath: any WritableKeyPath<Whole, Part?> & Sendable,
        _ identity: _PresentedIdentity<Part>?
    ) -> OptionalLens {
        let lens = OptionalLens(keyPath)
        guard let identity else { return lens }
        return OptionalLens(
            read: { whole in
                whole[keyPath: keyPath].flatMap { identity.matches($0) ? $0 : nil }
            },
            write: { whole, body in
                guard let part = whole[keyPath: keyPath], identity.matches(part) else {
                    return false
                }
                body(&whole[keyPath: keyPath]!)
                return true
            },
            placeKey: lens._placeKey)
    }

    /// The lens a child's request to be dismissed lives by: the optional at `keyPath` while
    /// it holds the child that asked (see ``_Asker``).
    @usableFromInline
    static func asking(
        at keyPath: any WritableKeyPath<Whole, Part?> & Sendable, _ asker: _Asker<Part>
    ) -> OptionalLens {
        OptionalLens(
            read: { whole in whole[keyPath: keyPath].flatMap { asker.matches($0) ? $0 : nil } },
            write: { whole, body in
                guard let part = whole[keyPath: keyPath], asker.matches(part) else { return false }
                body(&whole[keyPath: keyPath]!)
                return true
            },
            placeKey: nil)
    }

    /// An optional lens to the screen with an id on a ``ScreenStack``: what `Update.child`
    /// runs a screen's program through, and what cancels its effects while it stays.
    ///
    /// ```swift
    /// case .stopScreen(let id):
    ///     return Update(state: state, effect: .cancelEffects(of: .screen(id, in: \Contacts.path)))
    /// ```
    /// - Parameters:
    ///   - id: The screen's id; no such screen on the stack means missing.
    ///   - keyPath: The path from the whole to the stack.
    /// - Returns: The lens. Effects of the screen run under the id of the stack and `id`.
    /// - Complexity: O(log *n*) to find the screen.
    @inlinable
    public static func screen(
        _ id: ScreenID, in keyPath: any WritableKeyPath<Whole, ScreenStack<Part>> & Sendable
    ) -> OptionalLens {
        OptionalLens(
            read: { whole in whole[keyPath: keyPath][id: id] },
            write: { whole, body in whole[keyPath: keyPath]._modify(id: id, body) },
            placeKey: _PendingEffectID(_ChildKey(path: keyPath as AnyKeyPath, key: id)))
    }

    /// ``screen(_:in:)`` on one stack only: missing once a stack made anew (another
    /// lineage) is in its place, even one with a screen of the same id. What a screen's
    /// effects and scopes live by.
    @inlinable
    package static func screen(
        _ id: ScreenID, in keyPath: any WritableKeyPath<Whole, ScreenStack<Part>> & Sendable,
        lineage: UInt64
    ) -> OptionalLens {
        OptionalLens(
            read: { whole in
                let stack = whole[keyPath: keyPath]
                return stack._lineage == lineage ? stack[id: id] : nil
            },
            write: { whole, body in
                guard whole[keyPath: keyPath]._lineage == lineage else { return false }
                return whole[keyPath: keyPath]._modify(id: id, body)
            },
            placeKey: _PendingEffectID(_ChildKey(path: keyPath as AnyKeyPath, key: id)))
    }
}

/// Says, in a debug build, that an action for a child that is not there was dropped.
@usableFromInline
func _warnDropped(_ action: Any, for child: String, in place: Any.Type) {
    #if DEBUG
        writeToStandardError(
            "Substate: dropped \(action) for \(child) of \(place), which is not there "
                + "(popped or dismissed).")
    #endif
}

/// The id of a presented child whose type is `Identifiable`: what its effects' lifetime
/// compares the child in the state with.
@usableFromInline
struct _PresentedIdentity<Child>: @unchecked Sendable {
    // `@unchecked`: an `AnyHashable` is not `Sendable`. The id is read only by the lifetime's
    // checks, which the store makes on its own actor after each commit.
    let id: AnyHashable

    /// The identity of `child`, or `nil` if its type is not `Identifiable`.
    @usableFromInline
    init?(of child: Child) {
        guard let identifiable = child as? any Identifiable else { return nil }
        id = _anyID(of: identifiable)
    }

    /// Whether `child` is the same child: its id is the same.
    func matches(_ child: Child) -> Bool {
        guard let identifiable = child as? any Identifiable else { return false }
        return _anyID(of: identifiable) == id
    }
}

/// The presented child that asked to be dismissed: told by its id when it is `Identifiable`,
/// otherwise by its state when it asked.
@usableFromInline
struct _Asker<Child>: @unchecked Sendable {
    // `@unchecked`: read only by the lifetime's checks, on the store's own actor.
    /// Whether a child is the one that asked.
    let matches: (Child) -> Bool

    @usableFromInline
    init(identity: _PresentedIdentity<Child>?, state: Child?) where Child: Equatable {
        matches = { child in identity.map { $0.matches(child) } ?? (state == child) }
    }
}

/// An `Identifiable` value's id, erased.
private func _anyID<Value: Identifiable>(of value: Value) -> AnyHashable {
    AnyHashable(value.id)
}
