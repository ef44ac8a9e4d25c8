/// An alert as state: its title, message and buttons, each with the action it sends.
///
/// An alert is a presented child like a sheet: an optional in the parent's state, an action
/// case with ``PresentationAction`` of the buttons' actions, and SubstateUI's
/// `alert(_:at:as:)` to show it. Tapping a button sends `.presented(action)` for a button
/// with an action; dismissing the alert any other way sends only `.dismiss`, which carries
/// no meaning of the parent's own. The parent clears the alert in both cases:
///
/// ```swift
/// struct Detail: Program, Equatable, Sendable {
///     var alert: AlertState<Alert>?
///
///     enum Alert: Equatable, Sendable { case deleteConfirmed }
///     enum Action: Sendable {
///         case deleteTapped
///         case alert(PresentationAction<Alert>)
///     }
///
///     static func update(
///         state: consuming Detail, environment: Void, action: Action
///     ) -> Update<Detail, Action> {
///         switch action {
///         case .deleteTapped:
///             state.alert = AlertState(
///                 title: "Delete this contact?",
///                 buttons: [.destructive("Delete", action: .deleteConfirmed), .cancel()])
///         case .alert(.presented(.deleteConfirmed)):
///             state.alert = nil
///             // delete…
///         case .alert(.dismiss):
///             state.alert = nil
///         }
///         return Update(state: state)
///     }
/// }
/// ```
///
/// It is `Equatable` when its actions are, so a `TestStore` checks it like any state.
public struct AlertState<Action: Sendable>: Sendable {
    /// The title.
    public var title: String
    /// The message under the title, if any.
    public var message: String?
    /// The buttons, in order. With none, the platform shows one button that dismisses the
    /// alert.
    public var buttons: [Button]

    /// An alert.
    /// - Parameters:
    ///   - title: The title.
    ///   - message: The message under the title, if any.
    ///   - buttons: The buttons, in order.
    public init(title: String, message: String? = nil, buttons: [Button] = []) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }

    /// The actions of the buttons, in order: what a test or a command-line front end offers.
    public var actions: [Action] { buttons.compactMap(\.action) }
}

extension AlertState: Equatable where Action: Equatable {}

extension AlertState: Hashable where Action: Hashable {}

extension AlertState: Codable where Action: Codable {}
