// A scope's place named by a key path, as in `Update.child`: each form makes the lens and
// calls ``StoreProtocol/scope(at:as:)-(Lens<State,ChildState>,_)``.

extension StoreProtocol {
    /// A scope of a property.
    ///
    /// A keyed collection (a ``KeyedArray``, an array of `Identifiable` elements, a
    /// dictionary) is scoped one element at a time, with `id:`. Given such a collection and
    /// an action case that takes an id (`Action.todo`, `case todo(id: Int, Todo.Action)`)
    /// without `id:`, Swift takes the id and the action as one tuple and would make a scope of
    /// the whole collection: this stops the program instead, with a message that says to add
    /// `id:`, in every build. (It cannot be a compile error: Swift prefers this form to an
    /// unavailable overload that would say so.)
    /// - Parameters:
    ///   - keyPath: Where the part lives in the state.
    ///   - tag: Wraps the part's actions in this store's: the enum case.
    /// - Returns: The scoped store.
    @inlinable
    public func scope<Child: Equatable & Sendable, ChildAction: Sendable>(
        at keyPath: any WritableKeyPath<State, Child> & Sendable,
        as tag: @escaping @Sendable (ChildAction) -> Action
    ) -> ScopedStore<Child, ChildAction> {
        _refuseKeyedScopeWithoutID(Child.self, ChildAction.self)
        return scope(at: Lens(keyPath), as: tag)
    }

    /// A scope of an optional property: `nil` while it is `nil`.
    /// - Parameters:
    ///   - keyPath: Where the optional part lives in the state.
    ///   - tag: Wraps the part's actions in this store's: the enum case.
    /// - Returns: The scoped store, or `nil` if the part is missing now.
    @inlinable
    public func scope<Child: Equatable & Sendable, ChildAction: Sendable>(
        at keyPath: any WritableKeyPath<State, Child?> & Sendable,
        as tag: @escaping @Sendable (ChildAction) -> Action
    ) -> ScopedStore<Child, ChildAction>? {
        scope(at: OptionalLens(keyPath), as: tag)
    }

    /// A scope of the element with an id in a ``KeyedArray``: refreshed only after a send that changed that row, however many rows there are.
    ///
    /// ```swift
    /// ForEach(store[\.todos.ids], id: \.self) { id in
    ///     if let row = store.scope(at: \.todos, id: id, as: App.Action.todo) {
    ///         TodoRowView(store: row)
    ///     }
    /// }
    /// ```
    /// - Parameters:
    ///   - keyPath: The array in the state.
    ///   - id: The part's id.
    ///   - tag: Wraps the part's actions, with its id, in this store's: the enum case.
    /// - Returns: The scoped store, or `nil` if the part is missing now.
    #if DEBUG
        // Transparent in debug builds, with the lens and the scope it makes (see
        // `Store.scope(at:as:)`).
        @_transparent
    #else
        @inlinable
    #endif
    public func scope<Child: Equatable & Sendable, ChildAction: Sendable>(
        at keyPath: any WritableKeyPath<State, KeyedArray<Child>> & Sendable, id: Child.ID,
        as tag: @escaping @Sendable (Child.ID, ChildAction) -> Action
    ) -> ScopedStore<Child, ChildAction>? where Child: Identifiable, Child.ID: Sendable {
        scope(at: .element(id: id, in: keyPath), as: { tag(id, $0) })
    }

    /// A scope of the element with an id in an array.
    /// - Parameters:
    ///   - keyPath: The array in the state.
    ///   - id: The part's id.
    ///   - tag: Wraps the part's actions, with its id, in this store's: the enum case.
    /// - Returns: The scoped store, or `nil` if the part is missing now.
    @inlinable
    public func scope<Child: Equatable & Sendable, ChildAction: Sendable>(
        at keyPath: any WritableKeyPath<State, [Child]> & Sendable, id: Child.ID,
        as tag: @escaping @Sendable (Child.ID, ChildAction) -> Action
    ) -> ScopedStore<Child, ChildAction>? where Child: Identifiable, Child.ID: Sendable {
        scope(at: .element(id: id, in: keyPath), as: { tag(id, $0) })
    }

    /// A scope of the value for a key in a dictionary.
    /// - Parameters:
    ///   - keyPath: The dictionary in the state.
    ///   - key: The part's key.
    ///   - tag: Wraps the part's actions, with its id, in this store's: the enum case.
    /// - Returns: The scoped store, or `nil` if the part is missing now.
    @inlinable
    public func scope<Child: Equatable & Sendable, ChildAction: Sendable, Key: Hashable & Sendable>(
        at keyPath: any WritableKeyPath<State, [Key: Child]> & Sendable, id key: Key,
        as tag: @escaping @Sendable (Key, ChildAction) -> Action
    ) -> ScopedStore<Child, ChildAction>? {
        scope(at: .value(forKey: key, in: keyPath), as: { tag(key, $0) })
    }
}

extension StoreProtocol {
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

/// A collection whose elements are scoped by id (or key), and the type of the id.
protocol _ScopedByID {
    static var _idType: Any.Type { get }
}

extension KeyedArray: _ScopedByID {
    static var _idType: Any.Type { Element.ID.self }
}

extension Array: _ScopedByID where Element: Identifiable {
    static var _idType: Any.Type { Element.ID.self }
}

extension Dictionary: _ScopedByID {
    static var _idType: Any.Type { Key.self }
}

/// Stops the program when a keyed collection is scoped whole with a tag that takes an id:
/// `id:` was forgotten (see ``StoreProtocol/scope(at:as:)-(WritableKeyPath<State,Child>Sendable,_)``).
/// For any other scope it costs a load of the action type's metadata kind.
@usableFromInline
func _refuseKeyedScopeWithoutID<Child, ChildAction>(_: Child.Type, _: ChildAction.Type) {
    guard _EnumLayout.tupleCount(ChildAction.self) == 2,
        let keyed = Child.self as? any _ScopedByID.Type,
        _EnumLayout.tupleElement(ChildAction.self, 0) == keyed._idType
    else { return }
    fatalError(
        "Substate: scope(at:as:) was given the whole \(Child.self) and an action case that "
            + "takes an id: a keyed collection is scoped one element at a time. Add id:, as in "
            + "store.scope(at: \\.todos, id: id, as: Action.todo).")
}
