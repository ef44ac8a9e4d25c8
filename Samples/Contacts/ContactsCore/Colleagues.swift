import Substate

/// A screen listing a contact's colleagues.
public struct Colleagues: Program, Equatable, Sendable {
    /// Whose colleagues.
    public var name: String
    /// The colleagues.
    public var people: [Contact]

    /// A list of colleagues.
    /// - Parameters:
    ///   - name: Whose colleagues.
    ///   - people: The colleagues.
    public init(of name: String, _ people: [Contact]) {
        self.name = name
        self.people = people
    }

    /// What happens on the screen.
    public enum Action: Equatable, Sendable {
        /// A colleague was tapped (the list pushes their screen).
        case open(Contact.ID)
    }

    /// Nothing changes here: the list pushes the colleague's screen.
    public static func update(
        state: consuming Colleagues, environment: Void, action: Action
    ) -> Update<Colleagues, Action> {
        Update(state: state)
    }
}
