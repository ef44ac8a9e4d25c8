/// What an intercepting ``Middleware`` does with an action before the update function sees it.
public enum Interception<Action> {
    /// Lets the action through unchanged.
    case forward
    /// Drops the action: the update function never sees it, and later middleware neither.
    case drop
    /// Processes these actions instead, in order: none drops the action, one replaces it,
    /// the action itself followed by others adds actions after it. Each goes on through the
    /// middleware after this one.
    case replace(with: [Action])
}
