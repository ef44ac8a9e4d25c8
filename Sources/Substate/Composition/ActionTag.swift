/// Embeds a child's actions in its parent's action, and extracts them back: the enum case that
/// wraps the child's actions.
///
/// ```swift
/// enum AppAction {
///     case todos(TodosAction)
///     case settings(SettingsAction)
/// }
///
/// let todos = ActionTag(AppAction.todos)   // short: extracts by reflection
/// let settings = ActionTag(AppAction.settings) {
///     if case .settings(let action) = $0 { action } else { nil }   // fast: extracts by pattern
/// }
/// ```
///
/// Embedding is what updates and effects need (a child's effects send parent actions);
/// extracting is for code that reads actions, such as tests and loggers.
public struct ActionTag<Parent, Child>: Sendable {
    /// Wraps a child action in the parent action.
    public let embed: @Sendable (Child) -> Parent
    let extractor: @Sendable (Parent) -> Child?

    /// A tag from the case constructor and a pattern match.
    /// - Parameters:
    ///   - embed: Makes the parent action: the enum case itself, `AppAction.todos`.
    ///   - extract: The child action, if the parent action is that case.
    public init(
        _ embed: @escaping @Sendable (Child) -> Parent,
        extract: @escaping @Sendable (Parent) -> Child?
    ) {
        self.embed = embed
        extractor = extract
    }

    /// A tag from the case constructor alone.
    ///
    /// Extraction reflects on the parent action: it takes the case's payload if it is a
    /// `Child`, and checks that embedding it again gives the same case. That costs a few
    /// microseconds; pass `extract:` where extraction is frequent.
    /// - Parameter embed: The enum case that wraps the child's actions, `AppAction.todos`.
    public init(_ embed: @escaping @Sendable (Child) -> Parent) {
        self.embed = embed
        extractor = { _EnumCase.payload(of: $0, case: embed) }
    }

    /// The child action wrapped in a parent action, or `nil` if the action belongs to another
    /// case.
    /// - Parameter parent: A parent action.
    /// - Returns: The child action, if `parent` wraps one.
    public func extract(_ parent: Parent) -> Child? {
        extractor(parent)
    }

    /// A tag through this one and then another: a grandchild's actions in the parent's.
    /// - Parameter next: The tag from this child's actions to a grandchild's.
    /// - Returns: The tag from the parent's actions to the grandchild's.
    public func appending<Grandchild>(_ next: ActionTag<Child, Grandchild>) -> ActionTag<
        Parent, Grandchild
    > {
        let outer = self
        return ActionTag<Parent, Grandchild>(
            { outer.embed(next.embed($0)) },
            extract: { outer.extractor($0).flatMap(next.extractor) }
        )
    }
}
