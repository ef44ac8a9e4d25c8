#if canImport(SwiftUI)
    import SwiftUI
    import Substate

    /// Shows each screen of a ``Substate/ScreenStack`` pushed on a `NavigationStack`: what
    /// `NavigationStack(_:at:as:root:destination:)` attaches to its root. Use that
    /// initializer rather than this type.
    public struct _ScreenDestinations<
        Store: StoreProtocol, Screen: Program, Destination: View
    >: ViewModifier where Screen.State == Screen {
        let store: Store
        let keyPath: any WritableKeyPath<Store.State, ScreenStack<Screen>> & Sendable
        let tag: @Sendable (StackAction<Screen>) -> Store.Action
        let destination: @MainActor (ScopedStore<Screen, Screen.Action>) -> Destination

        /// The root, with a destination for every screen id.
        /// - Parameter content: The root.
        public func body(content: Content) -> some View {
            content.navigationDestination(for: ScreenID.self) { id in
                _ScreenView(
                    store: store, keyPath: keyPath, tag: tag, id: id, destination: destination)
            }
        }
    }

    /// One screen of the stack, shown through a scope that it keeps: once the screen is
    /// popped, the scope keeps its last state, so the view does not change while it animates
    /// away.
    struct _ScreenView<Store: StoreProtocol, Screen: Program, Destination: View>: View
    where Screen.State == Screen {
        let store: Store
        let keyPath: any WritableKeyPath<Store.State, ScreenStack<Screen>> & Sendable
        let tag: @Sendable (StackAction<Screen>) -> Store.Action
        let id: ScreenID
        let destination: @MainActor (ScopedStore<Screen, Screen.Action>) -> Destination
        @SwiftUI.State private var kept = PresentedScope<Screen, Screen.Action>()

        var body: some View {
            if let screen = kept.scope({ store.scope(at: keyPath, id: id, as: tag) }) {
                destination(screen)
            }
        }
    }
#endif
