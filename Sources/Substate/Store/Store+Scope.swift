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
            read: { lens.get(self._storage.value) },
            forward: { self.send(tag($0)) },
            register: { self._scopes.append($0) }
        )
    }

    /// A store for a part of this store's state that may be missing: an optional child, a row
    /// by id; see ``ScopedStore``.
    ///
    /// ```swift
    /// ForEach(store.state.todos) { todo in
    ///     if let row = store.scope(state: .element(id: todo.id, in: \.todos),
    ///                              action: { .todo(id: todo.id, $0) }) {
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
            read: { lens.get(self._storage.value) },
            forward: { self.send(tag($0)) },
            register: { self._scopes.append($0) }
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

    /// Tells the scopes that the state changed; each compares its part. Called after every
    /// commit while scopes exist.
    ///
    /// A scope's observers may send actions, or make new scopes, while this runs: the sends
    /// are queued and processed when it returns, and then the scopes are refreshed again (see
    /// `notifyObservers()`); a scope made meanwhile is refreshed in this same call.
    @usableFromInline
    func _refreshScopes() {
        guard !isRefreshingScopes else {
            scopesNeedRefresh = true
            return
        }
        isRefreshingScopes = true
        defer { isRefreshingScopes = false }
        repeat {
            scopesNeedRefresh = false
            let links = _scopes
            var finished: [Int] = []
            for index in links.indices where !links[index].refresh() {
                finished.append(index)
            }
            // Scopes made while refreshing were appended after `links`, so the indices of the
            // finished ones are still right.
            for index in finished.reversed() {
                _scopes.remove(at: index)
            }
        } while scopesNeedRefresh
    }
}

/// A root store's link to one of its scopes: refreshes it, and returns `false` once the scope
/// is gone or detached. It holds the scope weakly.
@usableFromInline
struct _ScopeLink {
    let refresh: @MainActor () -> Bool

    @usableFromInline
    init(_ refresh: @escaping @MainActor () -> Bool) {
        self.refresh = refresh
    }
}
