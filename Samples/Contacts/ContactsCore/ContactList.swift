import Substate

/// The contacts app: a list of contacts (the root screen), and a stack of screens pushed on
/// it — contacts, and their colleagues.
///
/// The list pushes a contact's screen when one is opened, from the list or from a colleagues
/// screen; a contact's screen edits it in a sheet that dismisses itself once saved, and
/// deletes it after an alert, popping itself (and every screen from the contact's first one
/// on the stack). A deep link (`/1/colleagues/2`) builds the
/// whole stack in one action.
public struct ContactList: Program, Equatable, Sendable {
    /// The contacts, in order.
    public var contacts: KeyedArray<Contact>
    /// The screens pushed on the list.
    public var path = ScreenStack<ContactScreen>()
    /// What was wrong with the last deep link, if anything.
    public var linkError: String?

    /// The list with contacts and no screen pushed.
    /// - Parameter contacts: The contacts.
    public init(contacts: [Contact] = Contact.samples) {
        self.contacts = KeyedArray(uniqueElements: contacts)
    }

    /// What happens in the app.
    public enum Action: Equatable, Sendable {
        /// A contact was tapped in the list: pushes its screen.
        case open(Contact.ID)
        /// A deep link arrived: replaces the stack with the screens it names.
        case openLink(String)
        /// The stack's pushes, pops and screens' actions.
        case path(StackAction<ContactScreen>)
    }

    /// Pushes screens, follows deep links, and keeps the list in step with what the
    /// screens saved and deleted.
    public static func update(
        state: consuming ContactList, environment: ContactsEnvironment, action: Action
    ) -> Update<ContactList, Action> {
        switch action {
        case .open(let id):
            guard let contact = state.contacts[id: id] else { break }
            state.path.push(.detail(ContactDetail(contact)))
        case .openLink(let link):
            switch screens(forLink: link, in: state.contacts) {
            case .success(let screens):
                state.linkError = nil
                state.path = ScreenStack(screens)
            case .failure(let error):
                state.linkError = error.message
            }
        case .path(.screen(_, .detail(.colleaguesTapped))):
            // Handled below, once the screen saw it.
            return pushColleagues(after: action, in: state, environment)
        case .path(.screen(_, .colleagues(.open(let id)))):
            guard let contact = state.contacts[id: id] else { break }
            state.path.push(.detail(ContactDetail(contact)))
        case .path(let stackAction):
            // A contact's screen that goes after its delete was confirmed takes the contact
            // with it; it is still on the stack here. The contact may be open lower in the
            // stack too (Ada › her colleagues › Grace › hers › Ada): the stack goes back to
            // below its first screen, which every screen above came from.
            if case .popFrom(let id) = stackAction, let detail = state.path[id: id]?.detail,
                detail.isDeleted
            {
                state.contacts.remove(id: detail.contact.id)
                let deleted = detail.contact.id
                if let first = state.path.ids.first(where: {
                    state.path[id: $0]?.detail?.contact.id == deleted
                }) {
                    state.path.pop(from: first)
                }
                for screenID in state.path.ids {
                    guard case .colleagues(var colleagues)? = state.path[id: screenID] else {
                        continue
                    }
                    colleagues.people.removeAll { $0.id == detail.contact.id }
                    state.path[id: screenID] = .colleagues(colleagues)
                }
            }
            var update = Update.child(
                stackAction, in: state, at: \.path, as: Action.path, environment)
            // An editor that was dismissed may have saved: the list shows what it saved.
            if case .screen(let id, .detail(.editor(.dismiss))) = stackAction,
                let contact = update.state.path[id: id]?.detail?.contact
            {
                update.state.contacts[id: contact.id] = contact
            }
            return update
        }
        return Update(state: state)
    }

    private static func pushColleagues(
        after action: Action, in state: consuming ContactList, _ environment: ContactsEnvironment
    ) -> Update<ContactList, Action> {
        guard case .path(.screen(let id, _)) = action, let detail = state.path[id: id]?.detail
        else { return Update(state: state) }
        let people = detail.contact.colleagues.compactMap { state.contacts[id: $0] }
        state.path.push(.colleagues(Colleagues(of: detail.contact.name, people)))
        return Update(state: state)
    }
}
