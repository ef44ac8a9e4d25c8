#if canImport(SwiftUI)
    import SwiftUI
    import Substate

    extension View {
        /// Presents a sheet while a child is in the state, showing it through a scoped store.
        ///
        /// ```swift
        /// .sheet(store, at: \.editor, as: Detail.Action.editor) { editor in
        ///     EditorView(store: editor)
        /// }
        /// ```
        ///
        /// The state presents: setting the child presents the sheet, setting it to `nil`
        /// dismisses it. When the user dismisses the sheet (dragging it down), the binding
        /// sends exactly one action, `.dismiss`. The sheet keeps showing the child's last
        /// state while it animates away.
        /// - Parameters:
        ///   - store: The store (or scoped store) whose state holds the child.
        ///   - keyPath: Where the optional child lives in the state.
        ///   - tag: Wraps the presentation's actions in the store's: the enum case.
        ///   - content: The sheet's view, from the child's scoped store.
        /// - Returns: This view, presenting the sheet.
        public func sheet<
            Store: StoreProtocol, Child: Equatable & Sendable, ChildAction: Sendable,
            Content: View
        >(
            _ store: Store,
            at keyPath: any WritableKeyPath<Store.State, Child?> & Sendable,
            as tag: @escaping @Sendable (PresentationAction<ChildAction>) -> Store.Action,
            @ViewBuilder content: @escaping @MainActor (ScopedStore<Child, ChildAction>) -> Content
        ) -> some View {
            sheet(isPresented: Binding(store.presentationBinding(at: keyPath, as: tag))) {
                _PresentedView(store: store, keyPath: keyPath, tag: tag, content: content)
            }
        }

        /// Presents a full-screen cover while a child is in the state; see
        /// ``SwiftUI/View/sheet(_:at:as:content:)``.
        /// - Parameters:
        ///   - store: The store (or scoped store) whose state holds the child.
        ///   - keyPath: Where the optional child lives in the state.
        ///   - tag: Wraps the presentation's actions in the store's: the enum case.
        ///   - content: The cover's view, from the child's scoped store.
        /// - Returns: This view, presenting the cover.
        @available(macOS, unavailable)
        public func fullScreenCover<
            Store: StoreProtocol, Child: Equatable & Sendable, ChildAction: Sendable,
            Content: View
        >(
            _ store: Store,
            at keyPath: any WritableKeyPath<Store.State, Child?> & Sendable,
            as tag: @escaping @Sendable (PresentationAction<ChildAction>) -> Store.Action,
            @ViewBuilder content: @escaping @MainActor (ScopedStore<Child, ChildAction>) -> Content
        ) -> some View {
            fullScreenCover(isPresented: Binding(store.presentationBinding(at: keyPath, as: tag))) {
                _PresentedView(store: store, keyPath: keyPath, tag: tag, content: content)
            }
        }

        /// Presents a popover while a child is in the state; see
        /// ``SwiftUI/View/sheet(_:at:as:content:)``. Tapping outside it sends `.dismiss`.
        /// - Parameters:
        ///   - store: The store (or scoped store) whose state holds the child.
        ///   - keyPath: Where the optional child lives in the state.
        ///   - tag: Wraps the presentation's actions in the store's: the enum case.
        ///   - content: The popover's view, from the child's scoped store.
        /// - Returns: This view, presenting the popover.
        @available(tvOS, unavailable)
        @available(watchOS, unavailable)
        public func popover<
            Store: StoreProtocol, Child: Equatable & Sendable, ChildAction: Sendable,
            Content: View
        >(
            _ store: Store,
            at keyPath: any WritableKeyPath<Store.State, Child?> & Sendable,
            as tag: @escaping @Sendable (PresentationAction<ChildAction>) -> Store.Action,
            @ViewBuilder content: @escaping @MainActor (ScopedStore<Child, ChildAction>) -> Content
        ) -> some View {
            popover(isPresented: Binding(store.presentationBinding(at: keyPath, as: tag))) {
                _PresentedView(store: store, keyPath: keyPath, tag: tag, content: content)
            }
        }

        /// Pushes a destination on the enclosing `NavigationStack` while a child is in the
        /// state; going back sends `.dismiss`. See ``SwiftUI/View/sheet(_:at:as:content:)``.
        /// - Parameters:
        ///   - store: The store (or scoped store) whose state holds the child.
        ///   - keyPath: Where the optional child lives in the state.
        ///   - tag: Wraps the presentation's actions in the store's: the enum case.
        ///   - destination: The destination's view, from the child's scoped store.
        /// - Returns: This view, with the destination.
        public func navigationDestination<
            Store: StoreProtocol, Child: Equatable & Sendable, ChildAction: Sendable,
            Destination: View
        >(
            _ store: Store,
            at keyPath: any WritableKeyPath<Store.State, Child?> & Sendable,
            as tag: @escaping @Sendable (PresentationAction<ChildAction>) -> Store.Action,
            @ViewBuilder destination:
                @escaping @MainActor (ScopedStore<Child, ChildAction>) -> Destination
        ) -> some View {
            navigationDestination(
                isPresented: Binding(store.presentationBinding(at: keyPath, as: tag))
            ) {
                _PresentedView(store: store, keyPath: keyPath, tag: tag, content: destination)
            }
        }
    }

    /// A presented child, shown through a scope that it keeps while the child is dismissed
    /// and the presentation animates away.
    struct _PresentedView<
        Store: StoreProtocol, Child: Equatable & Sendable, ChildAction: Sendable, Content: View
    >: View {
        let store: Store
        let keyPath: any WritableKeyPath<Store.State, Child?> & Sendable
        let tag: @Sendable (PresentationAction<ChildAction>) -> Store.Action
        let content: @MainActor (ScopedStore<Child, ChildAction>) -> Content
        @SwiftUI.State private var kept = PresentedScope<Child, ChildAction>()

        var body: some View {
            if let child = kept.scope({ store.scope(at: keyPath, as: tag) }) {
                content(child)
            }
        }
    }
#endif
