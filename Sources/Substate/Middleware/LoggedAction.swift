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
