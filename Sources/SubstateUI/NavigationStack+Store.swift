#if canImport(SwiftUI)
    import SwiftUI
    import Substate

    extension NavigationStack {
        /// A navigation stack that shows a ``Substate/ScreenStack`` of the state: its path is the
        /// stack's ids, and each screen is shown by `destination` through a scoped store.
        ///
        /// ```swift
        /// NavigationStack(store, at: \.path, as: Contacts.Action.path) {
        ///     ContactListView(store: store)
        /// } destination: { screen in
        ///     ScreenView(store: screen)
        /// }
        /// ```
        ///
        /// Only the state pushes: send `StackAction.push` or change the stack in an update.
        /// When the user goes back (the back button, a swipe), SwiftUI writes a shorter path
        /// and the stack sends exactly one action, `.popFrom(id)`; the state never changes
        /// around the update function. A popped screen keeps showing its last state while it
        /// animates away.
        /// - Parameters:
        ///   - store: The store (or scoped store) whose state holds the stack.
        ///   - keyPath: Where the stack lives in the state.
        ///   - tag: Wraps the stack's actions in the store's: the enum case, `Action.path`.
        ///   - root: The root view, under every screen.
        ///   - destination: The view of a screen, from its scoped store.
        public init<Store: StoreProtocol, Screen: Program, R: View, Destination: View>(
            _ store: Store,
            at keyPath: any WritableKeyPath<Store.State, ScreenStack<Screen>> & Sendable,
            as tag: @escaping @Sendable (StackAction<Screen>) -> Store.Action,
            @ViewBuilder root: () -> R,
            @ViewBuilder destination:
                @escaping @MainActor (ScopedStore<Screen, Screen.Action>) -> Destination
        )
        where
            Data == [ScreenID], Screen.State == Screen,
            Root == ModifiedContent<R, ScreenDestinations<Store, Screen, Destination>>
        {
            self.init(path: Binding(store.pathBinding(at: keyPath, as: tag))) {
                root().modifier(
                    ScreenDestinations(
                        store: store, keyPath: keyPath, tag: tag, destination: destination))
            }
        }
    }
#endif
