#if canImport(SwiftUI)
    import SwiftUI
    import Substate

    /// A view that hands a part of a store's state, and a function sending the part's actions,
    /// to its content, which is evaluated again only when that part changes.
    ///
    /// ```swift
    /// WithStore(store, state: Lens(\.counter), action: AppAction.counter) { counter, send in
    ///     Stepper("\(counter.count)", onIncrement: { send(.increment) },
    ///             onDecrement: { send(.decrement) })
    /// }
    /// ```
    ///
    /// The content reads the part through a `ScopedStore`, so it is evaluated again
    /// only when that part changes, not on every change of the store.
    ///
    /// To be evaluated again only when the fields it shows change, take the scoped store
    /// itself and read fields from it:
    ///
    /// ```swift
    /// WithStore(store, state: Lens(\.settings), action: AppAction.settings) { settings in
    ///     Text(settings.title)   // not evaluated again when another setting changes
    /// }
    /// ```
    public struct WithStore<State: Equatable & Sendable, Action: Sendable, Content: View>: View {
        private let store: ScopedStore<State, Action>
        private let content: @MainActor (ScopedStore<State, Action>) -> Content

        /// A view of a scoped store whose content reads fields from the store itself, and is
        /// evaluated again only when one of those fields changes.
        /// - Parameters:
        ///   - store: The scoped store.
        ///   - content: Makes the content from the scoped store.
        public init(
            _ store: ScopedStore<State, Action>,
            @ViewBuilder content: @escaping @MainActor (ScopedStore<State, Action>) -> Content
        ) {
            self.store = store
            self.content = content
        }

        /// A view of a part of a store, made through a lens and a tag, whose content reads
        /// fields from the scoped store, and is evaluated again only when one of them changes.
        /// - Parameters:
        ///   - store: The root store.
        ///   - lens: Where the part lives.
        ///   - tag: Wraps the part's actions in the store's.
        ///   - content: Makes the content from the scoped store.
        public init<Root, RootAction, Environment>(
            _ store: Store<Root, RootAction, Environment>,
            at lens: Lens<Root, State>,
            as tag: @escaping @Sendable (Action) -> RootAction,
            @ViewBuilder content: @escaping @MainActor (ScopedStore<State, Action>) -> Content
        ) {
            self.init(store.scope(at: lens, as: tag), content: content)
        }

        /// A view of a scoped store's part.
        /// - Parameters:
        ///   - store: The scoped store.
        ///   - content: Makes the content from the part and a function that sends its actions.
        public init(
            _ store: ScopedStore<State, Action>,
            @ViewBuilder content:
                @escaping @MainActor (
                    _ state: State, _ send: @escaping @MainActor (Action) -> Void
                ) -> Content
        ) {
            self.store = store
            self.content = { store in content(store.state) { action in store.send(action) } }
        }

        /// A view of a part of a store's state.
        /// - Parameters:
        ///   - store: The store.
        ///   - lens: Where the part lives in the store's state.
        ///   - tag: Wraps the part's actions in the store's.
        ///   - content: Makes the content from the part and a function that sends its actions.
        public init<Root, RootAction, Environment>(
            _ store: Store<Root, RootAction, Environment>,
            at lens: Lens<Root, State>,
            as tag: @escaping @Sendable (Action) -> RootAction,
            @ViewBuilder content:
                @escaping @MainActor (
                    _ state: State, _ send: @escaping @MainActor (Action) -> Void
                ) -> Content
        ) {
            self.init(store.scope(at: lens, as: tag), content: content)
        }

        /// A view of a store's whole state.
        /// - Parameters:
        ///   - store: The store.
        ///   - content: Makes the content from the state and a function that sends actions.
        public init<Environment>(
            _ store: Store<State, Action, Environment>,
            @ViewBuilder content:
                @escaping @MainActor (
                    _ state: State, _ send: @escaping @MainActor (Action) -> Void
                ) -> Content
        ) {
            self.init(store.scope(at: Lens(\State.self), as: { $0 }), content: content)
        }

        /// A view of a property of a store's state, scoped by its key path, whose content
        /// reads fields from the scoped store (see
        /// ``init(_:at:as:content:)-(Store<Root,RootAction,Environment>,Lens<Root,State>,_,_)``).
        /// - Parameters:
        ///   - store: The root store.
        ///   - keyPath: Where the part lives.
        ///   - tag: Wraps the part's actions in the store's.
        ///   - content: Makes the content from the scoped store.
        public init<Root, RootAction, Environment>(
            _ store: Store<Root, RootAction, Environment>,
            at keyPath: any WritableKeyPath<Root, State> & Sendable,
            as tag: @escaping @Sendable (Action) -> RootAction,
            @ViewBuilder content: @escaping @MainActor (ScopedStore<State, Action>) -> Content
        ) {
            self.init(store.scope(at: Lens(keyPath), as: tag), content: content)
        }

        /// A view of a property of a store's state, scoped by its key path, whose content is
        /// made from the part and a function that sends its actions.
        /// - Parameters:
        ///   - store: The store.
        ///   - keyPath: Where the part lives in the store's state.
        ///   - tag: Wraps the part's actions in the store's.
        ///   - content: Makes the content from the part and a function that sends its actions.
        public init<Root, RootAction, Environment>(
            _ store: Store<Root, RootAction, Environment>,
            at keyPath: any WritableKeyPath<Root, State> & Sendable,
            as tag: @escaping @Sendable (Action) -> RootAction,
            @ViewBuilder content:
                @escaping @MainActor (
                    _ state: State, _ send: @escaping @MainActor (Action) -> Void
                ) -> Content
        ) {
            self.init(store.scope(at: Lens(keyPath), as: tag), content: content)
        }

        /// The content, made from the part as it is now.
        public var body: some View {
            content(store)
        }
    }
#endif
