#if canImport(SwiftUI)
    import SwiftUI
    import Substate

    extension View {
        /// Shows an alert while an ``Substate/AlertState`` is in the state.
        ///
        /// ```swift
        /// .alert(store, at: \.alert, as: Detail.Action.alert)
        /// ```
        ///
        /// A button with an action sends `.presented(action)`; dismissing the alert sends
        /// `.dismiss` if the alert is still in the state by then (the update that handled a
        /// button's action has usually cleared it). Nothing else is sent.
        /// - Parameters:
        ///   - store: The store (or scoped store) whose state holds the alert.
        ///   - keyPath: Where the optional alert lives in the state.
        ///   - tag: Wraps the alert's actions in the store's: the enum case.
        /// - Returns: This view, showing the alert.
        public func alert<Store: StoreProtocol, ButtonAction: Equatable & Sendable>(
            _ store: Store,
            at keyPath: KeyPath<Store.State, AlertState<ButtonAction>?> & Sendable,
            as tag: @escaping @Sendable (PresentationAction<ButtonAction>) -> Store.Action
        ) -> some View {
            alert(store, at: keyPath, as: tag, case: { $0 })
        }

        /// Shows an alert while a destination enum of the state is in its alert case: its
        /// buttons send `.presented(caseTag(action))`, dismissing it sends the destination's
        /// `.dismiss`. See ``SwiftUI/View/alert(_:at:as:)``.
        ///
        /// ```swift
        /// .alert(store, at: \.destination?.alert, as: Detail.Action.destination,
        ///        case: Destination.Action.alert)
        /// ```
        /// - Parameters:
        ///   - store: The store (or scoped store) whose state holds the destination.
        ///   - keyPath: Reads the alert: an optional chain through a property of the enum.
        ///   - tag: Wraps the destination's presentation actions in the store's.
        ///   - caseTag: Wraps the alert's actions in the destination's: the enum case.
        /// - Returns: This view, showing the alert.
        public func alert<
            Store: StoreProtocol, ButtonAction: Equatable & Sendable, DestinationAction: Sendable
        >(
            _ store: Store,
            at keyPath: KeyPath<Store.State, AlertState<ButtonAction>?> & Sendable,
            as tag: @escaping @Sendable (PresentationAction<DestinationAction>) -> Store.Action,
            case caseTag: @escaping @Sendable (ButtonAction) -> DestinationAction
        ) -> some View {
            let alert = store[keyPath]
            return self.alert(
                alert?.title ?? "",
                isPresented: Binding(store.presentationBinding(at: keyPath, as: tag)),
                presenting: alert,
                actions: { alert in
                    _AlertButtons(buttons: alert.buttons) {
                        store.send(tag(.presented(caseTag($0))))
                    }
                },
                message: { alert in
                    if let message = alert.message { Text(verbatim: message) }
                })
        }

        /// Shows a confirmation dialog while a ``Substate/ConfirmationDialogState`` is in the
        /// state; see ``SwiftUI/View/alert(_:at:as:)``.
        /// - Parameters:
        ///   - store: The store (or scoped store) whose state holds the dialog.
        ///   - keyPath: Where the optional dialog lives in the state.
        ///   - tag: Wraps the dialog's actions in the store's: the enum case.
        /// - Returns: This view, showing the dialog.
        public func confirmationDialog<Store: StoreProtocol, ButtonAction: Equatable & Sendable>(
            _ store: Store,
            at keyPath: KeyPath<Store.State, ConfirmationDialogState<ButtonAction>?> & Sendable,
            as tag: @escaping @Sendable (PresentationAction<ButtonAction>) -> Store.Action
        ) -> some View {
            confirmationDialog(store, at: keyPath, as: tag, case: { $0 })
        }

        /// Shows a confirmation dialog while a destination enum of the state is in its dialog
        /// case; see ``SwiftUI/View/alert(_:at:as:case:)``.
        /// - Parameters:
        ///   - store: The store (or scoped store) whose state holds the destination.
        ///   - keyPath: Reads the dialog: an optional chain through a property of the enum.
        ///   - tag: Wraps the destination's presentation actions in the store's.
        ///   - caseTag: Wraps the dialog's actions in the destination's: the enum case.
        /// - Returns: This view, showing the dialog.
        public func confirmationDialog<
            Store: StoreProtocol, ButtonAction: Equatable & Sendable, DestinationAction: Sendable
        >(
            _ store: Store,
            at keyPath: KeyPath<Store.State, ConfirmationDialogState<ButtonAction>?> & Sendable,
            as tag: @escaping @Sendable (PresentationAction<DestinationAction>) -> Store.Action,
            case caseTag: @escaping @Sendable (ButtonAction) -> DestinationAction
        ) -> some View {
            let dialog = store[keyPath]
            return confirmationDialog(
                dialog?.title ?? "",
                isPresented: Binding(store.presentationBinding(at: keyPath, as: tag)),
                titleVisibility: dialog?.showsTitle == false ? .hidden : .visible,
                presenting: dialog,
                actions: { dialog in
                    _AlertButtons(buttons: dialog.buttons) {
                        store.send(tag(.presented(caseTag($0))))
                    }
                },
                message: { dialog in
                    if let message = dialog.message { Text(verbatim: message) }
                })
        }
    }

    /// The buttons of an alert or a dialog, each sending its action.
    struct _AlertButtons<ButtonAction: Sendable>: View {
        let buttons: [AlertState<ButtonAction>.Button]
        let send: @MainActor (ButtonAction) -> Void

        var body: some View {
            ForEach(buttons.indices, id: \.self) { index in
                let button = buttons[index]
                Button(button.label, role: button.role.map(ButtonRole.init)) {
                    if let action = button.action { send(action) }
                }
            }
        }
    }

    extension ButtonRole {
        /// The SwiftUI role of an alert button's role.
        init<ButtonAction>(_ role: AlertState<ButtonAction>.Button.Role) {
            switch role {
            case .cancel: self = .cancel
            case .destructive: self = .destructive
            }
        }
    }
#endif
