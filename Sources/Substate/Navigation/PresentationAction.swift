/// What can happen to a presented child (a sheet, a cover, a popover, a navigation
/// destination, an alert): an action of the child, or its dismissal.
///
/// A parent presents a child as an optional in its state and has one action case for it:
///
/// ```swift
/// struct Detail: Program, Equatable, Sendable {
///     var editor: Editor?
///
///     enum Action: Sendable {
///         case editTapped
///         case editor(PresentationAction<Editor.Action>)
///     }
///
///     static func update(
///         state: consuming Detail, environment: Void, action: Action
///     ) -> Update<Detail, Action> {
///         switch action {
///         case .editTapped:
///             state.editor = Editor()
///             return Update(state: state)
///         case .editor(let action):
///             return .child(action, in: state, at: \.editor, as: Action.editor)
///         }
///     }
/// }
/// ```
///
/// `Update.child` runs the child's program for ``presented(_:)`` and sets the child to `nil`
/// for ``dismiss``. The child dismisses itself by returning ``Update/dismiss(_:)``, which
/// sends the parent `.dismiss` right after; SwiftUI's glue sends `.dismiss` when the user
/// dismisses the sheet. Either way the parent sees `.dismiss` while the child is still there
/// (to save what it holds, or to refresh), before `Update.child` removes it:
///
/// ```swift
/// case .editor(.dismiss):
///     if let editor = state.editor, editor.isSaved { state.contact = editor.draft }
///     return .child(.dismiss, in: state, at: \.editor, as: Action.editor)
/// ```
///
/// An alert is presented the same way, with the alert's button actions as `Action`: see
/// ``AlertState``.
public enum PresentationAction<Action: Sendable>: Sendable {
    /// An action of the presented child. Dropped if no child is presented.
    case presented(Action)
    /// Dismisses the child: the parent's `Update.child` sets it to `nil`.
    case dismiss
}

extension PresentationAction: Equatable where Action: Equatable {}

extension PresentationAction: Hashable where Action: Hashable {}

extension PresentationAction: Codable where Action: Codable {}
