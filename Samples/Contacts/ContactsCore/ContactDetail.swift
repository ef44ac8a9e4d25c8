import Substate

/// A contact's screen: shows the contact, edits it in a sheet, deletes it after an alert.
public struct ContactDetail: Program, Equatable, Sendable {
    /// The contact shown.
    public var contact: Contact
    /// The edit sheet, while it is presented.
    public var editor: ContactEditor?
    /// The delete confirmation, while it is shown.
    public var alert: AlertState<Alert>?
    /// Whether the user confirmed the delete (the list removes the contact when the screen
    /// goes).
    public var isDeleted = false

    /// A screen of a contact.
    /// - Parameter contact: The contact.
    public init(_ contact: Contact) {
        self.contact = contact
    }

    /// What the delete alert's buttons send.
    public enum Alert: Equatable, Sendable {
        /// Delete was confirmed.
        case deleteConfirmed
    }

    /// What happens on the screen.
    public enum Action: Equatable, Sendable {
        /// Edit was tapped: presents the editor.
        case editTapped
        /// Delete was tapped: asks for confirmation.
        case deleteTapped
        /// Colleagues was tapped (the list pushes their screen).
        case colleaguesTapped
        /// The editor's actions, and its dismissal.
        case editor(PresentationAction<ContactEditor.Action>)
        /// The alert's buttons, and its dismissal.
        case alert(PresentationAction<Alert>)
    }

    /// Presents the editor and the alert, takes the saved draft, dismisses itself on delete.
    public static func update(
        state: consuming ContactDetail, environment: ContactsEnvironment, action: Action
    ) -> Update<ContactDetail, Action> {
        switch action {
        case .editTapped:
            state.editor = ContactEditor(state.contact)
        case .deleteTapped:
            state.alert = AlertState(
                title: "Delete \(state.contact.name)?",
                message: "This cannot be undone.",
                buttons: [.destructive("Delete", action: .deleteConfirmed), .cancel()])
        case .colleaguesTapped:
            break
        case .editor(let action):
            // The editor is still here when it is dismissed: take what it saved.
            if case .dismiss = action, let editor = state.editor, editor.isSaved {
                state.contact = editor.draft
            }
            return .child(action, in: state, at: \.editor, as: Action.editor, environment)
        case .alert(.presented(.deleteConfirmed)):
            state.alert = nil
            state.isDeleted = true
            return .dismiss(state)
        case .alert(.dismiss):
            state.alert = nil
        }
        return Update(state: state)
    }
}
