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
