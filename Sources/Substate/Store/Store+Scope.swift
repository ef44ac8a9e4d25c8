extension Store {
    /// A store for a part of this store's state; see ``ScopedStore``.
    /// - Parameters:
    ///   - lens: Where the part lives in the state.
    ///   - tag: Wraps the part's actions in this store's (the enum case, `AppAction.settings`).
    /// - Returns: The scoped store.
    @inlinable
    public func scope<ChildState: Equatable & Sendable, ChildAction: Sendable>(
        state lens: Lens<State, ChildState>,
        action tag: @escaping @Sendable (ChildAction) -> Action
    ) -> ScopedStore<ChildState, ChildAction> {
        // A scope holds its root strongly (the root holds its scopes weakly): a view's scope
        // keeps the state it shows alive.
        ScopedStore(
            initial: lens.get(_storage.value),
            read: { lens.get(self._storage.pointer.pointee) },
            forward: { self.send(tag($0)) },
            registry: _registryForScopes
        )
    }

    /// A store for a part of this store's state that may be missing: an optional child, a row
    /// by id; see ``ScopedStore``.
    ///
    /// ```swift
    /// // A list reads the ids (told when rows come, go or move), each row its own scope.
    /// ForEach(store[\.todos.ids], id: \.self) { id in
    ///     if let row = store.scope(state: .element(id: id, in: \.todos),
    ///                              action: { .todo(id: id, $0) }) {
    ///         TodoRowView(store: row)
    ///     }
    /// }
    /// ```
    /// - Parameters:
    ///   - lens: Where the part may live in the state.
    ///   - tag: Wraps the part's actions in this store's.
    /// - Returns: The scoped store, or `nil` if the part is missing now.
    @inlinable
    public func scope<ChildState: Equatable & Sendable, ChildAction: Sendable>(
        state lens: OptionalLens<State, ChildState>,
        action tag: @escaping @Sendable (ChildAction) -> Action
    ) -> ScopedStore<ChildState, ChildAction>? {
        guard let initial = lens.get(_storage.value) else { return nil }
        return ScopedStore(
            initial: initial,
            read: { lens.get(self._storage.pointer.pointee) },
            forward: { self.send(tag($0)) },
            registry: _registryForScopes,
            row: lens._row.map { address in (address, 0, _stateReader) }
        )
    }

    /// A function that sends a child's actions to this store, each wrapped by `tag`: for
    /// views that only send and never read the state.
    /// - Parameter tag: Wraps the child's actions in this store's.
    /// - Returns: A function sending each child action as `tag(action)`.
    public func forward<Child>(_ tag: @escaping @Sendable (Child) -> Action)
        -> @MainActor (Child)
        -> Void
    {
        { [weak self] child in self?.send(tag(child)) }
    }

    /// The registry of this store's scopes, made with the first scope.
    @usableFromInline
    var _registryForScopes: _ScopeRegistry {
        if let registry = _scopeRegistry { return registry }
        let registry = _ScopeRegistry()
        _scopeRegistry = registry
        return registry
    }

    /// Reads the state in place for the row trackers of this store's scopes.
    @usableFromInline
    var _stateReader: _WholeReader<State> {
        .pointer { [weak self] in self?._storage.pointer }
    }
}
