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
    /// - Parameters:
    ///   - keyPath: Where the optional child lives in the state.
    ///   - tag: Wraps the presentation's actions in this store's: the enum case.
    /// - Returns: The binding.
    public func presentationBinding<Child, ChildAction: Sendable>(
        at keyPath: KeyPath<State, Child?> & Sendable,
        as tag: @escaping @Sendable (PresentationAction<ChildAction>) -> Action
    ) -> StateBinding<Bool> {
        let present = keyPath.appending(path: \._isPresent)
        return StateBinding(
            get: { self[present] },
            set: { isPresented in
                guard !isPresented, self.state[keyPath: keyPath] != nil else { return }
                self.send(tag(.dismiss))
            })
    }

    /// A scope of the screen with an id on a stack: `nil` if it is not on the stack now. Once
    /// the screen is popped, the scope keeps its last state and ignores sends (see
    /// ``ScopedStore``), so a view of it can go on showing it while it animates away.
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
        scope(at: .screen(id, in: keyPath), as: { tag(.screen(id, $0)) })
    }

    /// A scope of a presented child, sending its actions as `.presented(action)`: `nil` while
    /// no child is presented. Once the child is dismissed, the scope keeps its last state and
    /// ignores sends, so a sheet can go on showing it while it animates away.
    /// - Parameters:
    ///   - keyPath: Where the optional child lives in the state.
    ///   - tag: Wraps the presentation's actions in this store's: the enum case.
    /// - Returns: The scoped store of the child, or `nil`.
    public func scope<Child: Equatable & Sendable, ChildAction: Sendable>(
        at keyPath: any WritableKeyPath<State, Child?> & Sendable,
        as tag: @escaping @Sendable (PresentationAction<ChildAction>) -> Action
    ) -> ScopedStore<Child, ChildAction>? {
        scope(at: OptionalLens(keyPath), as: { tag(.presented($0)) })
    }
}

extension Optional {
    /// Whether there is a value: the field a presentation binding observes.
    var _isPresent: Bool { self != nil }
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
