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
        if let offset = lens._offset {
            // Read where it is stored: `get(state)` would copy the whole state to hand it
            // over (a retain and a release of every reference it holds) at every refresh.
            return _Scopes.located(
                _location(at: offset) as @MainActor () -> UnsafePointer<ChildState>,
                forward: { self.send(tag($0)) }, refresher: _refresherForScopes)
        }
        let get = lens._reader
        return ScopedStore(
            initial: get(_storage.value),
            read: { get(self._storage.pointer.pointee) },
            rowRead: { [storage = _storage] in get(storage.pointer.pointee) },
            forward: { self.send(tag($0)) },
            refresher: _refresherForScopes,
            canDetach: false,
            common: _ScopeCommons.of()
        )
    }

    /// A store for a part of this store's state that may be missing, reached by an optional
    /// lens (an enum case, a composed lens); see ``ScopedStore``. An optional property or a
    /// row by id is scoped by its key path, as in `scope(at: \.todos, id: id, as:
    /// App.Action.todo)`.
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
        // One copy of the lens, in one closure that both readers call: each closure that
        // captured the lens itself would copy all of it (its closures, its effect key, its
        // row address), a few hundred instructions per scope made. It reads the part where
        // the state lies (see `OptionalLens._pointerReader`), the first time too.
        let get = lens._pointerReader
        guard let initial = get(_storage.pointer) else { return nil }
        // One reader for both: from the root, the part and the row are read alike.
        let read: @MainActor () -> ChildState? = { [storage = _storage] in get(storage.pointer) }
        return _Scopes.make(
            initial: initial, read: read, rowRead: read, forward: { self.send(tag($0)) },
            refresher: _refresherForScopes, row: lens._row, owner: 0, whole: .cell(_storage))
    }

    /// How many scoped stores the store still links to (alive, or gone and not yet
    /// forgotten): what tests check to see that gone scopes are forgotten.
    package var linkedScopeCount: Int { _observation._scopes?.linkCount ?? 0 }

    /// How many row trackers the store keeps (one per array whose rows have scopes): what
    /// tests check to see that a tracker goes with its array's last scope.
    package var rowTrackerCount: Int { _observation._scopes?.trackerCount ?? 0 }

    /// The refresher of this store's scopes, made with the first scope.
    @usableFromInline
    var _refresherForScopes: _ScopeRefresher { _observation.scopes }

    /// Where the part stored inline at `offset` in the state is (see ``ScopedStore/_location``).
    /// It holds the store's cell of state, as the reader of its row trackers does.
    @inlinable
    func _location<Part>(at offset: Int) -> @MainActor () -> UnsafePointer<Part> {
        { [storage = _storage] in
            UnsafeRawPointer(storage.pointer).advanced(by: offset)
                .assumingMemoryBound(to: Part.self)
        }
    }

}
