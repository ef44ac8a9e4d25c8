/// Which values a logger prints.
public enum LogFilter<Value>: Sendable {
    /// Every value.
    case all
    /// Marked values only: actions marked with ``LoggedAction`` for an action logger; the
    /// parts of the state marked with ``LoggedState`` for a state logger.
    case marked
    /// The values that satisfy a predicate (for a state logger, the state after the update).
    case matching(@Sendable (Value) -> Bool)
}

/// Marks actions that a logger with the ``LogFilter/marked`` filter prints.
///
/// An action is marked when its type conforms, or when it carries a marked action as its
/// payload, at any depth: marking a child program's action type marks the parent's
/// `.child(…)` actions that wrap it.
///
/// ```swift
/// enum TodoAction: LoggedAction { case toggle, rename(String) }
/// ```
public protocol LoggedAction {}

/// Marks the parts of the state whose changes a state logger with the ``LogFilter/marked``
/// filter prints.
///
/// ```swift
/// struct Settings: Equatable, Sendable, LoggedState { var title: String }
/// ```
public protocol LoggedState {}
