extension StoreProtocol {
    /// A value in the state that reads through a lens and writes by sending an action; see
    /// ``StateBinding``.
    /// - Parameters:
    ///   - lens: Where the value lives in the state.
    ///   - tag: Makes the action to send for a new value (`EditorAction.titleChanged`).
    /// - Returns: The binding.
    public func stateBinding<Value>(
        at lens: Lens<State, Value>, as tag: @escaping @Sendable (Value) -> Action
    ) -> StateBinding<Value> {
        StateBinding(get: { lens.get(self.state) }, set: { self.send(tag($0)) })
    }

    /// A value in the state that reads through a key path and writes by sending an action;
    /// see ``StateBinding``.
    /// - Parameters:
    ///   - keyPath: Where the value lives in the state.
    ///   - tag: Makes the action to send for a new value (`EditorAction.titleChanged`).
    /// - Returns: The binding.
    public func stateBinding<Value>(
        at keyPath: KeyPath<State, Value> & Sendable, as tag: @escaping @Sendable (Value) -> Action
    ) -> StateBinding<Value> {
        StateBinding(get: { self.state[keyPath: keyPath] }, set: { self.send(tag($0)) })
    }

    /// A value in the state that reads through a key path and writes by sending an action,
    /// observing that value alone: a view reading the binding is told only when the value
    /// changes (see ``subscript(dynamicMember:)``), not after every action.
    /// - Parameters:
    ///   - keyPath: Where the value lives in the state.
    ///   - tag: Makes the action to send for a new value (`EditorAction.titleChanged`).
    /// - Returns: The binding.
    public func stateBinding<Value: Equatable>(
        at keyPath: KeyPath<State, Value> & Sendable, as tag: @escaping @Sendable (Value) -> Action
    ) -> StateBinding<Value> {
        StateBinding(get: { self[keyPath] }, set: { self.send(tag($0)) })
    }
}
