/// When a ``StateSaver`` writes after an action.
///
/// Whatever the timing, an action costs the saver the same small amount whatever the size of
/// the part (it notes that the part may have changed); the part is encoded, and compared with
/// what the file holds, only when a save is due. See <doc:Persistence> for the costs.
public enum SaveTiming: Sendable, Equatable {
    /// As soon as possible after each action: a write starts at once, off the main actor, on
    /// the saver's executor. Actions that come while a write runs are written together by the
    /// next write, so a burst of actions writes a few times, not once per action.
    case immediate
    /// Once no action has come for this long: a burst of changes writes once, at its end.
    /// While actions keep coming without changing the part (a ticking timer's), the saver
    /// checks the part's encoding at most twice per interval and writes a part that stayed
    /// the same from one check to the next, within two intervals of its last change.
    case debounce(Duration)
    /// At most once per interval, with the latest part: the first action starts the
    /// interval, and the write at its end saves what the part is then.
    case throttle(Duration)
}
