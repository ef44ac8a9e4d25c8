/// When a ``StateSaver`` writes after the state changed.
public enum SaveTiming: Sendable, Equatable {
    /// Right after every action that changed the saved part.
    case immediate
    /// Once the part has not changed for this long: a burst of changes writes once, at its
    /// end.
    case debounce(Duration)
    /// At most once per interval, with the latest part: the first change starts the
    /// interval, and the write at its end saves what the part is then.
    case throttle(Duration)
}
