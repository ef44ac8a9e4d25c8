import Substate

/// The edit sheet: a draft of a contact, saved after a delay, and then dismissed by itself.
public struct ContactEditor: Program, Equatable, Sendable {
    /// The contact as edited.
    public var draft: Contact
    /// Whether a save is under way.
    public var isSaving = false
    /// Whether the draft was saved (the detail screen takes it then).
    public var isSaved = false

    /// An editor of a contact.
    /// - Parameter contact: The contact.
    public init(_ contact: Contact) {
        draft = contact
    }

    /// What the user does in the sheet.
    public enum Action: Equatable, Sendable {
        /// The name field changed.
        case setName(String)
        /// The e-mail field changed.
        case setEmail(String)
        /// Save was tapped.
        case saveTapped
        /// The save finished.
        case saved
        /// Cancel was tapped.
        case cancelTapped
    }

    /// Edits the draft, saves it, and dismisses the sheet when saved or cancelled.
    public static func update(
        state: consuming ContactEditor, environment: ContactsEnvironment, action: Action
    ) -> Update<ContactEditor, Action> {
        switch action {
        case .setName(let name):
            state.draft.name = name
        case .setEmail(let email):
            state.draft.email = email
        case .saveTapped:
            guard !state.isSaving else { break }
            state.isSaving = true
            return Update(
                state: state,
                effect: .send(.saved).delay(
                    for: environment.saveLatency, clock: environment.clock))
        case .saved:
            state.isSaving = false
            state.isSaved = true
            return .dismiss(state)
        case .cancelTapped:
            return .dismiss(state)
        }
        return Update(state: state)
    }
}
