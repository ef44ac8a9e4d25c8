extension Store {
    /// A store for a part of this store's state; see ``ScopedStore``.
    /// - Parameters:
    ///   - lens: Where the part lives in the state.
    ///   - tag: Wraps the part's actions in this store's (the enum case, `AppAction.settings`).
    /// - Returns: The scoped store.
    @inlinable
    public func scope<ChildState: Equatable & Sendable, ChildAction: Sendable>(
        at lens: Lens<State, ChildState>,
        as tag: @escaping @Sendable (ChildAction) -> Action
    ) -> ScopedStore<ChildState, ChildAction> {
        // A scope holds its root strongly (the root holds its scopes weakly): a view's scope
        // keeps the state it shows alive.
        ScopedStore(
            initial: lens.get(_storage.value),
            read: { lens.get(self._storage.pointer.pointee) },
            forward: { self.send(tag($0)) },
            refresher: _refresherForScopes
        )
    }

    /// A store for a part of this store's state that may be missing, reached by an optional
    /// lens (an enum case, a composed lens); see ``ScopedStore``. An optional property or a
    /// row by id is scoped by its key path, as in `scope(at: \.todos, id: id, as: App.Action.todo)`.
    ///
    /// ```swift
    /// let detail = store.scope(at: .case(Screen.detail, in: \.screen), as: App.Action.detail)
    /// ```
    /// - Parameters:
    ///   - lens: Where the part may live in the state.
    ///   - tag: Wraps the part's actions in this store's.
    /// - Returns: The scoped store, or `nil` if the part is missing now.
    @inlinable
    public func scope<ChildState: Equatable & Sendable, ChildAction: Sendable>(
        at lens: OptionalLens<State, ChildState>,
        as tag: @escaping @Sendable (ChildAction) -> Action
    ) -> ScopedStore<ChildState, ChildAction>? {
        guard let initial = lens.get(_storage.value) else { return nil }
        return ScopedStore(
            initial: initial,
            read: { lens.get(self._storage.pointer.pointee) },
            forward: { self.send(tag($0)) },
            refresher: _refresherForScopes,
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

    /// The refresher of this store's scopes, made with the first scope.
    @usableFromInline
    var _refresherForScopes: _ScopeRefresher {
        if let refresher = _scopeRefresher { return refresher }
        let refresher = _ScopeRefresher()
        _scopeRefresher = refresher
        return refresher
    }

    /// Reads the state in place for the row trackers of this store's scopes.
    @usableFromInline
    var _stateReader: _WholeReader<State> {
        .pointer { [weak self] in self?._storage.pointer }
    }
}

extension Store {
    /// A store for a part of this store's state; renamed.
    /// - Parameters:
    ///   - lens: Where the part lives in the state.
    ///   - tag: Wraps the part's actions in this store's.
    /// - Returns: The scoped store.
    @available(*, deprecated, renamed: "scope(at:as:)")
    @inlinable
    public func scope<ChildState: Equatable & Sendable, ChildAction: Sendable>(
        state lens: Lens<State, ChildState>,
        action tag: @escaping @Sendable (ChildAction) -> Action
    ) -> ScopedStore<ChildState, ChildAction> {
        scope(at: lens, as: tag)
    }

    /// A store for a part of this store's state that may be missing; renamed.
    /// - Parameters:
    ///   - lens: Where the part may live in the state.
    ///   - tag: Wraps the part's actions in this store's.
    /// - Returns: The scoped store, or `nil` if the part is missing now.
    @available(*, deprecated, renamed: "scope(at:as:)")
    @inlinable
    public func scope<ChildState: Equatable & Sendable, ChildAction: Sendable>(
        state lens: OptionalLens<State, ChildState>,
        action tag: @escaping @Sendable (ChildAction) -> Action
    ) -> ScopedStore<ChildState, ChildAction>? {
        scope(at: lens, as: tag)
    }
}
