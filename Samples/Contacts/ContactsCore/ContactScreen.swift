import Substate

/// The screens the contacts app pushes: a program that routes to the screen it is.
public enum ContactScreen: Program, Equatable, Sendable {
    /// A contact.
    case detail(ContactDetail)
    /// A contact's colleagues.
    case colleagues(Colleagues)

    /// The actions of each screen.
    public enum Action: Equatable, Sendable {
        /// An action of a contact's screen.
        case detail(ContactDetail.Action)
        /// An action of a colleagues screen.
        case colleagues(Colleagues.Action)
    }

    /// Runs the program of the screen it is.
    public static func update(
        state: consuming ContactScreen, environment: ContactsEnvironment, action: Action
    ) -> Update<ContactScreen, Action> {
        switch action {
        case .detail(let action):
            return .child(
                action, in: state, at: .case(ContactScreen.detail, extract: \.detail),
                as: Action.detail, environment)
        case .colleagues(let action):
            return .child(
                action, in: state, at: .case(ContactScreen.colleagues, extract: \.colleagues),
                as: Action.colleagues)
        }
    }

    /// The contact's screen, if this is one.
    public var detail: ContactDetail? {
        if case .detail(let detail) = self { detail } else { nil }
    }

    /// The colleagues screen, if this is one.
    public var colleagues: Colleagues? {
        if case .colleagues(let colleagues) = self { colleagues } else { nil }
    }
}
