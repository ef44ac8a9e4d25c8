// A scope's place named by a key path, as in `Update.child`: each form makes the lens and
// calls ``StoreProtocol/scope(at:as:)-(Lens<State,ChildState>,_)``.

extension StoreProtocol {
    /// A scope of a property that holds a child program: what a view of the child holds.
    ///
    /// ```swift
    /// let settings = store.scope(at: \.settings, as: App.Action.settings)
    /// ```
    ///
    /// A part that is not a ``Program`` is scoped through a lens:
    /// `store.scope(at: Lens(\.part), as: Action.part)`.
    /// - Parameters:
    ///   - keyPath: Where the child lives in the state.
    ///   - tag: Wraps the child's actions in this store's: the enum case.
    /// - Returns: The scoped store.
    @inlinable
    public func scope<Child: Program>(
        at keyPath: any WritableKeyPath<State, Child> & Sendable,
        as tag: @escaping @Sendable (Child.Action) -> Action
    ) -> ScopedStore<Child, Child.Action> where Child.State == Child {
        scope(at: Lens(keyPath), as: tag)
    }

    // swift-format-ignore
    /// A ``KeyedArray`` is scoped one element at a time, by id: this form only says so.
    @_documentation(visibility: internal)
    @available(
        *, unavailable,
        message: "a KeyedArray is scoped one element at a time: add id:, as in store.scope(at: \\.todos, id: id, as: Action.todo)"
    )
    public func scope<Child, ChildAction>(
        at keyPath: any WritableKeyPath<State, KeyedArray<Child>> & Sendable,
        as tag: @escaping @Sendable (Child.ID, ChildAction) -> Action
    ) -> ScopedStore<Child, ChildAction>? {
        fatalError("unavailable")
    }

    // swift-format-ignore
    /// A part that is not a ``Program`` is scoped through a lens: this form only says so.
    @_documentation(visibility: internal)
    @available(
        *, unavailable,
        message: "the property at: is not a Program: scope another part through a lens, as in store.scope(at: Lens(\\.part), as: Action.part)"
    )
    public func scope<Part, ChildAction>(
        at keyPath: any WritableKeyPath<State, Part> & Sendable,
        as tag: @escaping @Sendable (ChildAction) -> Action
    ) -> ScopedStore<Part, ChildAction> {
        fatalError("unavailable")
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
    @inlinable
    public func scope<Child: Equatable & Sendable, ChildAction: Sendable>(
        at keyPath: any WritableKeyPath<State, KeyedArray<Child>> & Sendable, id: Child.ID,
        as tag: @escaping @Sendable (Child.ID, ChildAction) -> Action
    ) -> ScopedStore<Child, ChildAction>? where Child: Identifiable, Child.ID: Sendable {
        scope(at: .element(id: id, in: keyPath), as: { tag(id, $0) })
    }
}
