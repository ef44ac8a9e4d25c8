// What SwiftUI's navigation reads and writes, made of a store: a stack's path, whether a
// child is presented, and the scoped stores of screens and presented children. SubstateUI
// wraps these in SwiftUI's views; they live here so that they work, and are tested, without
// SwiftUI.

extension StoreProtocol {
    /// The ids of a stack's screens, as a binding for SwiftUI's `NavigationStack(path:)`:
    /// reading observes the ids alone (not the screens' content); writing a shorter path, as
    /// SwiftUI does when the user goes back, sends exactly one action, `.popFrom(id)` of the
    /// first screen that went.
    ///
    /// The binding never changes the state itself. A written path that is not a shorter
    /// prefix of the current one (SwiftUI pushes only what the state holds) sends nothing; a
    /// debug build says so on standard error.
    /// - Parameters:
    ///   - keyPath: Where the stack lives in the state.
    ///   - tag: Wraps the stack's actions in this store's: the enum case, `Action.path`.
    /// - Returns: The binding.
    public func pathBinding<Screen: Program>(
        at keyPath: KeyPath<State, ScreenStack<Screen>> & Sendable,
        as tag: @escaping @Sendable (StackAction<Screen>) -> Action
    ) -> StateBinding<[ScreenID]> where Screen.State == Screen {
        let ids = keyPath.appending(path: \.ids)
        return StateBinding(
            get: { self[ids] },
            set: { path in
                let current = self.state[keyPath: keyPath].ids
                guard path.count < current.count, current.starts(with: path) else {
                    if path != current { _warnPathWrite(path, current) }
                    return
                }
                self.send(tag(.popFrom(current[path.count])))
            })
    }

    /// Whether a child is presented, as a binding for SwiftUI's `sheet(isPresented:)` and its
    /// kin: reading observes whether the child is there (not its content); writing `false`
    /// while it is there, as SwiftUI does when the user dismisses it, sends exactly one
    /// action, `.dismiss`. Writing `true` sends nothing: the state presents.
    ///
    /// For one case of a destination enum, read the case through an optional chain
    /// (`\.destination?.editor`) with the destination's tag: the binding is `true` while the
    /// destination is in that case, and dismissing sends the destination's `.dismiss`.
    /// - Parameters:
    ///   - keyPath: Where the optional child lives in the state (or reads one case of it).
    ///   - tag: Wraps the presentation's actions in this store's: the enum case.
    /// - Returns: The binding.
    public func presentationBinding<Child, ChildAction: Sendable>(
        at keyPath: KeyPath<State, Child?> & Sendable,
        as tag: @escaping @Sendable (PresentationAction<ChildAction>) -> Action
    ) -> StateBinding<Bool> {
        // Not `keyPath.appending(path:)`: appending to a key path that ends in an optional
        // chain (`\.destination?.editor`) crashes when it is read (Swift 6.3).
        let present = \State.[_presence: _PresencePath(keyPath)]
        return StateBinding(
            get: { self[present] },
            set: { isPresented in
                guard !isPresented, self.state[keyPath: keyPath] != nil else { return }
                self.send(tag(.dismiss))
            })
    }

    /// A scope of the screen with an id on a stack: `nil` if it is not on the stack now. Once
    /// the screen is popped, or the stack is replaced by one made anew (a deep link), the
    /// scope keeps its last state and ignores sends (see ``ScopedStore``), so a view of it
    /// can go on showing it while it animates away.
    /// - Parameters:
    ///   - keyPath: Where the stack lives in the state.
    ///   - id: The screen's id.
    ///   - tag: Wraps the stack's actions in this store's: the enum case, `Action.path`.
    /// - Returns: The scoped store of the screen, or `nil`.
    public func scope<Screen: Program>(
        at keyPath: any WritableKeyPath<State, ScreenStack<Screen>> & Sendable,
        id: ScreenID,
        as tag: @escaping @Sendable (StackAction<Screen>) -> Action
    ) -> ScopedStore<Screen, Screen.Action>? where Screen.State == Screen {
        let lineage = state[keyPath: keyPath]._lineage
        return scope(at: .screen(id, in: keyPath, lineage: lineage), as: { tag(.screen(id, $0)) })
    }

    /// Which stack is at `keyPath` (see ``ScreenStack``), observed: it changes when a stack
    /// made anew is assigned in its place, and SwiftUI's views of its screens are told apart
    /// by it.
    package func stackLineage<Screen>(
        at keyPath: any WritableKeyPath<State, ScreenStack<Screen>> & Sendable
    ) -> UInt64 {
        let stack: KeyPath<State, ScreenStack<Screen>> = keyPath
        return self[stack.appending(path: \.lineage)]
    }

    /// A scope of a presented child, sending its actions as `.presented(action)`: `nil` while
    /// no child is presented. Once the child is dismissed, the scope keeps its last state and
    /// ignores sends, so a sheet can go on showing it while it animates away.
    /// - Parameters:
    ///   - keyPath: Where the optional child lives in the state.
    ///   - tag: Wraps the presentation's actions in this store's: the enum case.
    /// - Returns: The scoped store of the child, or `nil`.
    public func scope<Child: Program>(
        at keyPath: any WritableKeyPath<State, Child?> & Sendable,
        as tag: @escaping @Sendable (PresentationAction<Child.Action>) -> Action
    ) -> ScopedStore<Child, Child.Action>? where Child.State == Child {
        scope(at: OptionalLens(keyPath), as: { tag(.presented($0)) })
    }
}

extension StoreProtocol {
    /// A scope of one case of a presented destination (an optional enum of several
    /// children), sending its actions as `.presented(caseTag(action))`: `nil` while the
    /// destination is missing or in another case.
    ///
    /// ```swift
    /// let editor = store.scope(
    ///     at: \.destination?.editor, as: Detail.Action.destination,
    ///     case: Destination.Action.editor)
    /// ```
    ///
    /// `keyPath` reads the case's payload: an optional chain through a property of the enum
    /// that returns the payload of its case (`var editor: Editor?`). Once the destination
    /// goes or changes case, the scope keeps its last state and ignores sends.
    /// - Parameters:
    ///   - keyPath: Reads the case's payload, or `nil`.
    ///   - tag: Wraps the destination's presentation actions in this store's: the enum case.
    ///   - caseTag: Wraps the case's actions in the destination's: `Destination.Action.editor`.
    /// - Returns: The scoped store of the case's payload, or `nil`.
    package func scope<Child: Equatable & Sendable, ChildAction: Sendable, DestinationAction>(
        at keyPath: KeyPath<State, Child?> & Sendable,
        as tag: @escaping @Sendable (PresentationAction<DestinationAction>) -> Action,
        case caseTag: @escaping @Sendable (ChildAction) -> DestinationAction
    ) -> ScopedStore<Child, ChildAction>? {
        // A scope only reads through its lens (its sends go through the tag), so a key path
        // that can only be read will do.
        let lens = OptionalLens<State, Child>(
            get: { $0[keyPath: keyPath] }, set: { _, _ in })
        return scope(at: lens, as: { tag(.presented(caseTag($0))) })
    }
}

/// The path to an optional part, as the index of the key path a presentation binding
/// observes: equal paths make equal key paths, so the field is observed once.
struct _PresencePath<Root, Value>: Hashable, @unchecked Sendable {
    // Key paths are immutable; `KeyPath` is just not marked `Sendable`.
    let keyPath: KeyPath<Root, Value?>

    init(_ keyPath: KeyPath<Root, Value?>) {
        self.keyPath = keyPath
    }
}

extension Equatable {
    /// Whether the optional part at a path is there: the field a presentation binding
    /// observes.
    subscript<Value>(_presence path: _PresencePath<Self, Value>) -> Bool {
        self[keyPath: path.keyPath] != nil
    }
}

/// Says, in a debug build, that a navigation path was written that the state does not
/// allow, and was ignored.
private func _warnPathWrite(_ path: [ScreenID], _ current: [ScreenID]) {
    #if DEBUG
        writeToStandardError(
            "Substate: a navigation path \(path) was written where the stack holds \(current); "
                + "only going back (a shorter prefix) becomes an action. Push screens with "
                + "StackAction.push or by changing the state. Ignored.")
    #endif
}
