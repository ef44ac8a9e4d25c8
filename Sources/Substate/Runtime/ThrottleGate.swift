/// The state of one throttle id in one store: when its window opened, and the effect waiting
/// for the window to close. The storage of a ``ThrottleGate/Window`` state machine, behind a
/// lock.
package final class ThrottleGate<Action: Sendable, Instant: InstantProtocol>: Sendable
where Instant.Duration == Duration {
    /// What happens to an effect that asks to start.
    package enum Admission {
        /// It starts now; a window opens.
        case now
        /// It does not start.
        case dropped
        /// A task waits until the deadline, then starts the effect the gate holds then.
        case trailing(Instant)
    }

    /// The throttle's window: three states, each holding only what is valid in it.
    package enum Window {
        /// No effect started yet.
        case closed
        /// An effect started at `start`; none waits.
        case open(start: Instant)
        /// An effect started at `start`, and `pending` waits for the window to close (a
        /// task sleeps until then).
        case trailing(start: Instant, pending: Effect<Action>)

        /// Decides what happens to an effect throttled at `now`. Without `trailing`, an
        /// effect inside the window is dropped; with `latest`, a later one replaces the one
        /// waiting.
        package mutating func admit(
            _ effect: Effect<Action>, at now: Instant, window: Duration, latest: Bool,
            trailing: Bool
        ) -> Admission {
            switch self {
            case .closed:
                self = .open(start: now)
                return .now
            case .open(let start):
                guard start.duration(to: now) < window else {
                    self = .open(start: now)
                    return .now
                }
                guard trailing else { return .dropped }
                self = .trailing(start: start, pending: effect)
                return .trailing(start.advanced(by: window))
            case .trailing(let start, let pending):
                guard start.duration(to: now) < window else {
                    // The window is over but its task has not taken the pending effect yet:
                    // this one starts now, and the pending one when its task wakes.
                    self = .trailing(start: now, pending: pending)
                    return .now
                }
                if trailing, latest { self = .trailing(start: start, pending: effect) }
                return .dropped
            }
        }

        /// The window closed: takes the pending effect, which opens the next window at `now`.
        /// Only the task that ``admit`` scheduled calls it, once, while an effect waits.
        package mutating func release(at now: Instant) -> Effect<Action> {
            guard case .trailing(_, let pending) = self else {
                preconditionFailure("A throttle released a window with no effect waiting: \(self)")
            }
            self = .open(start: now)
            return pending
        }

        /// The trailing task was cancelled before the window closed: the pending effect is
        /// dropped, the window stays open.
        package mutating func abandon() {
            guard case .trailing(let start, _) = self else {
                preconditionFailure("A throttle abandoned a window with no effect waiting: \(self)")
            }
            self = .open(start: start)
        }
    }

    private let window = Locked(Window.closed)

    /// Decides what happens to an effect throttled at `now` (see ``Window/admit``).
    func admit(
        _ effect: Effect<Action>, at now: Instant, window duration: Duration, latest: Bool,
        trailing: Bool = true
    ) -> Admission {
        window.withLock {
            $0.admit(effect, at: now, window: duration, latest: latest, trailing: trailing)
        }
    }

    /// The window closed: takes the pending effect, which opens the next window at `now`.
    func release(at now: Instant) -> Effect<Action> {
        window.withLock { $0.release(at: now) }
    }

    /// The trailing effect was cancelled before the window closed.
    func abandon() {
        window.withLock { $0.abandon() }
    }
}
