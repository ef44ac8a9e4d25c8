// Navigation as programs: a stack of screens (a `ScreenStack` with `StackAction`) and a
// presented child (an optional with `PresentationAction`) are programs of their own, so that a
// parent embeds them with the `child` form for a property, as any other child:
//
//     case .path(let action):
//         return .child(action, in: state, at: \.path, as: Action.path)
//     case .editor(let action):
//         return .child(action, in: state, at: \.editor, as: Action.editor)

extension ScreenStack: Program where Screen: Program, Screen.State == Screen {
    /// A stack's update: pushes, pops, or runs a screen's program for `.screen(id, action)`,
    /// and pops a screen that asks to be dismissed.
    ///
    /// For `.screen(id, action)`, the screen's state is moved out of the stack and back, never
    /// copied, and its effects run inside the screen's place: two screens of the same type
    /// have separate cancellation ids, and a screen's effects end when it is popped, or when a
    /// stack made anew takes the stack's place (their later actions are dropped). An action
    /// for a screen that is not on the stack is dropped; a debug build says so on standard
    /// error. A screen whose update returns ``Update/dismiss(_:)`` is popped by a
    /// `.popFrom(id)` sent right after, which the parent can match (the screen is still there
    /// then) before handing it on.
    /// - Parameters:
    ///   - state: The stack.
    ///   - environment: The screens' environment.
    ///   - action: What to do.
    /// - Returns: The stack's update.
    /// - Complexity: O(1) in the stack's depth to push or pop one screen, O(log *n*) to find
    ///   a screen for its action.
    @inlinable
    public static func update(
        state: consuming ScreenStack, environment: Screen.Environment, action: StackAction<Screen>
    ) -> Update<ScreenStack, StackAction<Screen>> {
        switch action {
        case .push(let screen):
            state.push(screen)
        case .pop:
            state.pop()
        case .popTo(let id):
            state.pop(to: id)
        case .popFrom(let id):
            state.pop(from: id)
        case .popToRoot:
            state.popToRoot()
        case .screen(let id, let screenAction):
            // Bound to this stack: a stack assigned in its place (a deep link) ends the screen.
            let lens = OptionalLens<ScreenStack, Screen>._screen(id, lineage: state._lineage)
            var effect: Effect<Screen.Action> = .none
            let found = lens.write(&state) { screen in
                effect = _movingProgramUpdate(&screen, environment, screenAction)
            }
            guard found else {
                _warnDropped(screenAction, for: "screen \(id)", in: ScreenStack.self)
                return Update(state: state)
            }
            guard !effect.isNone else { return Update(state: state) }
            let dismissed = effect._asksToDismiss
            let embedded = Update<ScreenStack, StackAction<Screen>>.embed(
                dismissed ? effect._withoutDismissal : effect, { .screen(id, $0) }, lens)
            return Update(
                state: state, effect: dismissed ? .merge(embedded, .send(.popFrom(id))) : embedded)
        }
        return Update(state: state)
    }
}

extension Optional: Program where Wrapped: Program, Wrapped.State == Wrapped {
    /// A presented child's update: runs the child's program for `.presented(action)`, removes
    /// it for `.dismiss`, and dismisses a child that asks to be.
    ///
    /// `.presented(action)` runs the child's update in place, its effects bound to the child:
    /// they end when it is dismissed, or when another child takes its place (for a child that
    /// is `Identifiable`, one with another id), and their later actions are dropped. An action
    /// that comes while no child is presented is dropped (a debug build says so on standard
    /// error). A child whose update returns ``Update/dismiss(_:)`` makes this send
    /// `.dismiss` right after (unless another child took its place in the same update: a
    /// dismissal only removes the child that asked), which the parent can match (the child is
    /// still there then) before handing it on.
    /// - Parameters:
    ///   - state: The presented child, or `nil`.
    ///   - environment: The child's environment.
    ///   - action: What to do.
    /// - Returns: The update.
    @inlinable
    public static func update(
        state: consuming Wrapped?, environment: Wrapped.Environment,
        action: PresentationAction<Wrapped.Action>
    ) -> Update<Wrapped?, PresentationAction<Wrapped.Action>> {
        switch action {
        case .dismiss:
            return Update(state: nil)
        case .presented(let childAction):
            let lens = OptionalLens<Wrapped?, Wrapped>._presented
            var effect: Effect<Wrapped.Action> = .none
            var identity: _PresentedIdentity<Wrapped>?
            var asking: Wrapped?
            let found = lens.write(&state) { child in
                effect = _movingProgramUpdate(&child, environment, childAction)
                if !effect.isNone { identity = _PresentedIdentity(of: child) }
                if identity == nil, effect._asksToDismiss { asking = child }
            }
            guard found else {
                _warnDropped(childAction, for: "the presented child", in: Wrapped?.self)
                return Update(state: state)
            }
            guard !effect.isNone else { return Update(state: state) }
            let dismissed = effect._asksToDismiss
            let embedded = Update<Wrapped?, PresentationAction<Wrapped.Action>>.embed(
                dismissed ? effect._withoutDismissal : effect, { .presented($0) },
                OptionalLens<Wrapped?, Wrapped>._presented(identity))
            guard dismissed else { return Update(state: state, effect: embedded) }
            // The `.dismiss` that follows is the asking child's: it does not go out if the
            // parent put another child in its place in this update.
            let asker = OptionalLens<Wrapped?, Wrapped>._asking(
                _Asker(identity: identity, state: asking))
            return Update(
                state: state,
                effect: .merge(embedded, asker._withLifetime(Effect<Action>.send(.dismiss))))
        }
    }
}

extension OptionalLens {
    /// The presented child in an optional: the lens a presented child's update runs through.
    /// It has no place of its own: the child's effects are placed at the optional's property.
    @usableFromInline
    static var _presented: OptionalLens<Part?, Part> {
        OptionalLens<Part?, Part>(
            read: { $0 },
            write: { whole, body in
                guard whole != nil else { return false }
                body(&whole!)
                return true
            },
            placeKey: nil)
    }

    /// The lens a presented child's effects live by: the child in the optional, and, for an
    /// `Identifiable` child, only while it is the same child (the same id), so that
    /// presenting another child in its place ends the effects of the first, as dismissing it
    /// would.
    @usableFromInline
    static func _presented(_ identity: _PresentedIdentity<Part>?) -> OptionalLens<Part?, Part> {
        guard let identity else { return _presented }
        return OptionalLens<Part?, Part>(
            read: { whole in whole.flatMap { identity.matches($0) ? $0 : nil } },
            write: { whole, body in
                guard let part = whole, identity.matches(part) else { return false }
                body(&whole!)
                return true
            },
            placeKey: nil)
    }

    /// The lens a child's request to be dismissed lives by: the optional while it holds the
    /// child that asked (see ``_Asker``).
    @usableFromInline
    static func _asking(_ asker: _Asker<Part>) -> OptionalLens<Part?, Part> {
        OptionalLens<Part?, Part>(
            read: { whole in whole.flatMap { asker.matches($0) ? $0 : nil } },
            write: { whole, body in
                guard let part = whole, asker.matches(part) else { return false }
                body(&whole!)
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
            placeKey: _PendingEffectID(outer: _KeyPathKey(keyPath), inner: _ScreenKey(id)))
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
            placeKey: _PendingEffectID(outer: _KeyPathKey(keyPath), inner: _ScreenKey(id)))
    }

    /// The screen with an id on the stack that is the whole, of one lineage: the lens a
    /// stack's update runs a screen through. Its place is the screen's, inside the stack's.
    @usableFromInline
    static func _screen(_ id: ScreenID, lineage: UInt64) -> OptionalLens<ScreenStack<Part>, Part> {
        OptionalLens<ScreenStack<Part>, Part>(
            read: { stack in stack._lineage == lineage ? stack[id: id] : nil },
            write: { stack, body in
                guard stack._lineage == lineage else { return false }
                return stack._modify(id: id, body)
            },
            placeKey: _PendingEffectID(_ScreenKey(id)))
    }
}

/// The key of a screen's place inside its stack's: its id.
@usableFromInline
struct _ScreenKey: Hashable, Sendable {
    let id: ScreenID

    @usableFromInline
    init(_ id: ScreenID) {
        self.id = id
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
