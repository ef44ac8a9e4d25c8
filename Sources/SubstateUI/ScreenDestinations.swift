#if canImport(SwiftUI)
    import SwiftUI
    import Substate

    /// Shows each screen of a ``Substate/ScreenStack`` pushed on a `NavigationStack`: what
    /// `NavigationStack(_:at:as:root:destination:)` attaches to its root. Use that
    /// initializer rather than this type.
    public struct ScreenDestinations<
        Store: StoreProtocol, Screen: Program, Destination: View
    >: ViewModifier where Screen.State == Screen {
        let store: Store
        let keyPath: any WritableKeyPath<Store.State, ScreenStack<Screen>> & Sendable
        let tag: @Sendable (StackAction<Screen>) -> Store.Action
        let destination: @MainActor (ScopedStore<Screen, Screen.Action>) -> Destination

        /// The root, with a destination for every screen id.
        /// - Parameter content: The root.
        public func body(content: Content) -> some View {
            // A stack made anew in place of another (a deep link) holds new screens, even
            // where it numbers them alike: their views are new views, with new scopes.
            let lineage = store.stackLineage(at: keyPath)
            return content.navigationDestination(for: ScreenID.self) { id in
                // The same view as a presented child's: it keeps its scope, so a popped
                // screen shows its last state while it animates away.
                _PresentedView(
                    scope: { store.scope(at: keyPath, id: id, as: tag) }, content: destination
                )
                .id(lineage)
            }
        }
    }
#endif
