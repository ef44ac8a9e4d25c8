/// The state of one throttle id in one store: when its window opened, and the effect waiting
/// for the window to close.
final class ThrottleGate<Action: Sendable, Instant: InstantProtocol>: Sendable
where Instant.Duration == Duration {
    enum Admission {
        case now
        case dropped
        case trailing(Instant)
    }

    private struct State {
        var windowStart: Instant?
        var pending: Effect<Action>?
        var isTrailingScheduled = false
    }

    private let state = Locked(State())

    /// Decides what happens to an effect throttled at `now`. Without `trailing`, an effect
    /// inside the window is dropped.
    func admit(
        _ effect: Effect<Action>, at now: Instant, window: Duration, latest: Bool,
        trailing: Bool = true
    ) -> Admission {
        state.withLock { state in
            if let start = state.windowStart, start.duration(to: now) < window {
                guard trailing else { return .dropped }
                if state.isTrailingScheduled {
                    if latest { state.pending = effect }
                    return .dropped
                }
                state.pending = effect
                state.isTrailingScheduled = true
                return .trailing(start.advanced(by: window))
            }
            state.windowStart = now
            return .now
        }
    }

    /// The window closed: takes the pending effect, which opens the next window at `now`.
    func release(at now: Instant) -> Effect<Action>? {
        state.withLock { state in
            state.isTrailingScheduled = false
            guard let pending = state.pending else { return nil }
            state.pending = nil
            state.windowStart = now
            return pending
        }
    }

    /// The trailing effect was cancelled before the window closed.
    func abandon() {
        state.withLock { state in
            state.isTrailingScheduled = false
            state.pending = nil
        }
    }
}
