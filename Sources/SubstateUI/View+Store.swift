#if canImport(SwiftUI)
    import SwiftUI
    import Substate

    extension View {
        /// Puts a store into the environment of this view and its descendants.
        ///
        /// ```swift
        /// ContentView().store(appStore)
        ///
        /// struct ContentView: View {
        ///     @Environment(Store<App, AppAction, AppEnvironment>.self) private var store
        ///     var body: some View { Text(store.state.title) }
        /// }
        /// ```
        ///
        /// A store is `Observable`, so this is SwiftUI's own `environment(_:)`: views read it
        /// with `@Environment(Store<…>.self)` and are updated when the state they read
        /// changes. Reading a store that no ancestor put into the environment stops the
        /// program, as SwiftUI does for every missing observable object.
        /// - Parameter store: The store.
        /// - Returns: This view, with `store` in its environment.
        public func store<State, Action, Environment>(
            _ store: Store<State, Action, Environment>
        ) -> some View {
            environment(store)
        }

        /// Puts a scoped store into the environment of this view and its descendants; views
        /// read it with `@Environment(ScopedStore<…>.self)`.
        /// - Parameter store: The scoped store.
        /// - Returns: This view, with `store` in its environment.
        public func store<State, Action>(_ store: ScopedStore<State, Action>) -> some View {
            environment(store)
        }
    }
#endif
