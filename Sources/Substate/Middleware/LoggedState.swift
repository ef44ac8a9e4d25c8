/// Marks the parts of the state whose changes a state logger with the ``LogFilter/marked``
/// filter prints.
///
/// ```swift
/// struct Settings: Equatable, Sendable, LoggedState { var title: String }
/// ```
public protocol LoggedState {}
