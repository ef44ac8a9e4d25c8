/// A confirmation dialog (an action sheet) as state: a title, an optional message and the
/// buttons that offer a choice, each with the action it sends.
///
/// It works as ``AlertState`` does: an optional in the parent's state, an action case with
/// ``PresentationAction`` of the buttons' actions, and SubstateUI's
/// `confirmationDialog(_:at:as:)` to show it. A button with an action sends
/// `.presented(action)`; dismissing the dialog any other way sends only `.dismiss`.
public struct ConfirmationDialogState<Action: Sendable>: Sendable {
    /// A button of the dialog: the same as an alert's.
    public typealias Button = AlertState<Action>.Button

    /// The title.
    public var title: String
    /// Whether the title is shown (the platform may hide it when this is `false`).
    public var showsTitle: Bool
    /// The message under the title, if any.
    public var message: String?
    /// The buttons, in order.
    public var buttons: [Button]

    /// A confirmation dialog.
    /// - Parameters:
    ///   - title: The title.
    ///   - showsTitle: Whether the title is shown.
    ///   - message: The message under the title, if any.
    ///   - buttons: The buttons, in order.
    public init(
        title: String, showsTitle: Bool = true, message: String? = nil,
        buttons: [Button]
    ) {
        self.title = title
        self.showsTitle = showsTitle
        self.message = message
        self.buttons = buttons
    }

    /// The actions of the buttons, in order.
    public var actions: [Action] { buttons.compactMap(\.action) }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {}

extension ConfirmationDialogState: Hashable where Action: Hashable {}

extension ConfirmationDialogState: Codable where Action: Codable {}
