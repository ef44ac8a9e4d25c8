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
        ///
        /// For one case of a destination enum, use ``SwiftUI/View/sheet(_:at:as:case:content:)``.
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
            sheet(_Presentation(store, at: keyPath, as: tag), content: content)
        }

        /// Presents a sheet while a destination enum of the state is in one case, showing the case's
        /// child through a scoped store.
        ///
        /// ```swift
        /// .sheet(
        ///     store, at: \.destination?.editor, as: Detail.Action.destination,
        ///     case: Destination.Action.editor
        /// ) { editor in
        ///     EditorView(store: editor)
        /// }
        /// ```
        ///
        /// Dismissing it in SwiftUI sends the destination's `.dismiss`.
        /// - Parameters:
        ///   - store: The store (or scoped store) whose state holds the destination.
        ///   - keyPath: Reads the case's child: an optional chain through a property of the
        ///     enum that returns its payload.
        ///   - tag: Wraps the destination's presentation actions in the store's.
        ///   - caseTag: Wraps the child's actions in the destination's: the enum case.
        ///   - content: The sheet's view, from the child's scoped store.
        /// - Returns: This view, presenting it.
        public func sheet<
            Store: StoreProtocol, Child: Equatable & Sendable, ChildAction: Sendable,
            DestinationAction: Sendable, Content: View
        >(
            _ store: Store,
            at keyPath: KeyPath<Store.State, Child?> & Sendable,
            as tag: @escaping @Sendable (PresentationAction<DestinationAction>) -> Store.Action,
            case caseTag: @escaping @Sendable (ChildAction) -> DestinationAction,
            @ViewBuilder content: @escaping @MainActor (ScopedStore<Child, ChildAction>) -> Content
        ) -> some View {
            sheet(_Presentation(store, at: keyPath, as: tag, case: caseTag), content: content)
        }

        func sheet<Child, ChildAction, Content: View>(
            _ presentation: _Presentation<Child, ChildAction>,
            content: @escaping @MainActor (ScopedStore<Child, ChildAction>) -> Content
        ) -> some View {
            sheet(isPresented: presentation.isPresented) {
                _PresentedView(scope: presentation.scope, content: content)
            }
        }

        /// Presents a full-screen cover while a child is in the state; see
        /// ``SwiftUI/View/sheet(_:at:as:content:)``.
        /// - Parameters:
        ///   - store: The store (or scoped store) whose state holds the child.
        ///   - keyPath: Where the optional child lives in the state.
        ///   - tag: Wraps the presentation's actions in the store's: the enum case.
        ///   - content: The cover's view, from the child's scoped store.
        /// - Returns: This view, presenting it.
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
            fullScreenCover(_Presentation(store, at: keyPath, as: tag), content: content)
        }

        /// Presents a full-screen cover while a destination enum of the state is in one case, showing the case's
        /// child through a scoped store.
        ///
        /// ```swift
        /// .fullScreenCover(
        ///     store, at: \.destination?.editor, as: Detail.Action.destination,
        ///     case: Destination.Action.editor
        /// ) { editor in
        ///     EditorView(store: editor)
        /// }
        /// ```
        ///
        /// Dismissing it in SwiftUI sends the destination's `.dismiss`.
        /// - Parameters:
        ///   - store: The store (or scoped store) whose state holds the destination.
        ///   - keyPath: Reads the case's child: an optional chain through a property of the
        ///     enum that returns its payload.
        ///   - tag: Wraps the destination's presentation actions in the store's.
        ///   - caseTag: Wraps the child's actions in the destination's: the enum case.
        ///   - content: The cover's view, from the child's scoped store.
        /// - Returns: This view, presenting it.
        @available(macOS, unavailable)
        public func fullScreenCover<
            Store: StoreProtocol, Child: Equatable & Sendable, ChildAction: Sendable,
            DestinationAction: Sendable, Content: View
        >(
            _ store: Store,
            at keyPath: KeyPath<Store.State, Child?> & Sendable,
            as tag: @escaping @Sendable (PresentationAction<DestinationAction>) -> Store.Action,
            case caseTag: @escaping @Sendable (ChildAction) -> DestinationAction,
            @ViewBuilder content: @escaping @MainActor (ScopedStore<Child, ChildAction>) -> Content
        ) -> some View {
            fullScreenCover(
                _Presentation(store, at: keyPath, as: tag, case: caseTag), content: content)
        }

        @available(macOS, unavailable)
        func fullScreenCover<Child, ChildAction, Content: View>(
            _ presentation: _Presentation<Child, ChildAction>,
            content: @escaping @MainActor (ScopedStore<Child, ChildAction>) -> Content
        ) -> some View {
            fullScreenCover(isPresented: presentation.isPresented) {
                _PresentedView(scope: presentation.scope, content: content)
            }
        }

        /// Presents a popover while a child is in the state; see
        /// ``SwiftUI/View/sheet(_:at:as:content:)``.
        /// - Parameters:
        ///   - store: The store (or scoped store) whose state holds the child.
        ///   - keyPath: Where the optional child lives in the state.
        ///   - tag: Wraps the presentation's actions in the store's: the enum case.
        ///   - content: The popover's view, from the child's scoped store.
        /// - Returns: This view, presenting it.
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
            popover(_Presentation(store, at: keyPath, as: tag), content: content)
        }

        /// Presents a popover while a destination enum of the state is in one case, showing the case's
        /// child through a scoped store.
        ///
        /// ```swift
        /// .popover(
        ///     store, at: \.destination?.editor, as: Detail.Action.destination,
        ///     case: Destination.Action.editor
        /// ) { editor in
        ///     EditorView(store: editor)
        /// }
        /// ```
        ///
        /// Dismissing it in SwiftUI sends the destination's `.dismiss`.
        /// - Parameters:
        ///   - store: The store (or scoped store) whose state holds the destination.
        ///   - keyPath: Reads the case's child: an optional chain through a property of the
        ///     enum that returns its payload.
        ///   - tag: Wraps the destination's presentation actions in the store's.
        ///   - caseTag: Wraps the child's actions in the destination's: the enum case.
        ///   - content: The popover's view, from the child's scoped store.
        /// - Returns: This view, presenting it.
        @available(tvOS, unavailable)
        @available(watchOS, unavailable)
        public func popover<
            Store: StoreProtocol, Child: Equatable & Sendable, ChildAction: Sendable,
            DestinationAction: Sendable, Content: View
        >(
            _ store: Store,
            at keyPath: KeyPath<Store.State, Child?> & Sendable,
            as tag: @escaping @Sendable (PresentationAction<DestinationAction>) -> Store.Action,
            case caseTag: @escaping @Sendable (ChildAction) -> DestinationAction,
            @ViewBuilder content: @escaping @MainActor (ScopedStore<Child, ChildAction>) -> Content
        ) -> some View {
            popover(_Presentation(store, at: keyPath, as: tag, case: caseTag), content: content)
        }

        @available(tvOS, unavailable)
        @available(watchOS, unavailable)
        func popover<Child, ChildAction, Content: View>(
            _ presentation: _Presentation<Child, ChildAction>,
            content: @escaping @MainActor (ScopedStore<Child, ChildAction>) -> Content
        ) -> some View {
            popover(isPresented: presentation.isPresented) {
                _PresentedView(scope: presentation.scope, content: content)
            }
        }

        /// Pushes a destination on the enclosing `NavigationStack` while a child is in the state; see
        /// ``SwiftUI/View/sheet(_:at:as:content:)``.
        /// - Parameters:
        ///   - store: The store (or scoped store) whose state holds the child.
        ///   - keyPath: Where the optional child lives in the state.
        ///   - tag: Wraps the presentation's actions in the store's: the enum case.
        ///   - content: The destination's view, from the child's scoped store.
        /// - Returns: This view, presenting it.
        public func navigationDestination<
            Store: StoreProtocol, Child: Equatable & Sendable, ChildAction: Sendable,
            Content: View
        >(
            _ store: Store,
            at keyPath: any WritableKeyPath<Store.State, Child?> & Sendable,
            as tag: @escaping @Sendable (PresentationAction<ChildAction>) -> Store.Action,
            @ViewBuilder content: @escaping @MainActor (ScopedStore<Child, ChildAction>) -> Content
        ) -> some View {
            navigationDestination(_Presentation(store, at: keyPath, as: tag), content: content)
        }

        /// Pushes a destination on the enclosing `NavigationStack` while a destination enum of the state is in one case, showing the case's
        /// child through a scoped store.
        ///
        /// ```swift
        /// .navigationDestination(
        ///     store, at: \.destination?.editor, as: Detail.Action.destination,
        ///     case: Destination.Action.editor
        /// ) { editor in
        ///     EditorView(store: editor)
        /// }
        /// ```
        ///
        /// Dismissing it in SwiftUI sends the destination's `.dismiss`.
        /// - Parameters:
        ///   - store: The store (or scoped store) whose state holds the destination.
        ///   - keyPath: Reads the case's child: an optional chain through a property of the
        ///     enum that returns its payload.
        ///   - tag: Wraps the destination's presentation actions in the store's.
        ///   - caseTag: Wraps the child's actions in the destination's: the enum case.
        ///   - content: The destination's view, from the child's scoped store.
        /// - Returns: This view, presenting it.
        public func navigationDestination<
            Store: StoreProtocol, Child: Equatable & Sendable, ChildAction: Sendable,
            DestinationAction: Sendable, Content: View
        >(
            _ store: Store,
            at keyPath: KeyPath<Store.State, Child?> & Sendable,
            as tag: @escaping @Sendable (PresentationAction<DestinationAction>) -> Store.Action,
            case caseTag: @escaping @Sendable (ChildAction) -> DestinationAction,
            @ViewBuilder content: @escaping @MainActor (ScopedStore<Child, ChildAction>) -> Content
        ) -> some View {
            navigationDestination(
                _Presentation(store, at: keyPath, as: tag, case: caseTag), content: content)
        }

        func navigationDestination<Child, ChildAction, Content: View>(
            _ presentation: _Presentation<Child, ChildAction>,
            content: @escaping @MainActor (ScopedStore<Child, ChildAction>) -> Content
        ) -> some View {
            navigationDestination(isPresented: presentation.isPresented) {
                _PresentedView(scope: presentation.scope, content: content)
            }
        }
    }

    /// Where a presented child is, as the modifiers above need it: whether it is presented
    /// (a binding that sends `.dismiss`), and how to scope it.
    @MainActor
    struct _Presentation<Child: Equatable & Sendable, ChildAction: Sendable> {
        let isPresented: Binding<Bool>
        let scope: @MainActor () -> ScopedStore<Child, ChildAction>?

        init<Store: StoreProtocol>(
            _ store: Store, at keyPath: any WritableKeyPath<Store.State, Child?> & Sendable,
            as tag: @escaping @Sendable (PresentationAction<ChildAction>) -> Store.Action
        ) {
            isPresented = Binding(store.presentationBinding(at: keyPath, as: tag))
            scope = { store.scope(at: OptionalLens(keyPath), as: { tag(.presented($0)) }) }
        }

        init<Store: StoreProtocol, DestinationAction: Sendable>(
            _ store: Store, at keyPath: KeyPath<Store.State, Child?> & Sendable,
            as tag: @escaping @Sendable (PresentationAction<DestinationAction>) -> Store.Action,
            case caseTag: @escaping @Sendable (ChildAction) -> DestinationAction
        ) {
            isPresented = Binding(store.presentationBinding(at: keyPath, as: tag))
            scope = { store.scope(at: keyPath, as: tag, case: caseTag) }
        }
    }

    /// A presented child, shown through a scope that it keeps while the child is dismissed
    /// and the presentation animates away.
    struct _PresentedView<Child: Equatable & Sendable, ChildAction: Sendable, Content: View>:
        View
    {
        let scope: @MainActor () -> ScopedStore<Child, ChildAction>?
        let content: @MainActor (ScopedStore<Child, ChildAction>) -> Content
        @SwiftUI.State private var kept = PresentedScope<Child, ChildAction>()

        var body: some View {
            if let child = kept.scope(scope) {
                content(child)
            }
        }
    }
#endif
