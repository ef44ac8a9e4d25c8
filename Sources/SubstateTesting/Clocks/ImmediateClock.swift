import Substate

/// A clock whose sleeps return at once, moving its time forward by the time slept.
///
/// Use it in tests and previews where an effect must wait but the waiting itself is not
/// what the test is about: a retry delay, an animation pause. Time still moves, so code that
/// measures elapsed time sees the durations it asked for.
///
/// ```swift
/// let store = TestStore(
///     state: Toast(), environment: ToastEnvironment(clock: ImmediateClock()),
///     update: Toast.update
/// )
/// store.send(.show("Saved")) { $0.message = "Saved" }
/// store.receive(.hide) { $0.message = nil }  // the 3-second pause took no time
/// ```
public final class ImmediateClock: Clock, Sendable {
    /// The instants of an immediate clock: the same as a ``TestClock``'s.
    public typealias Instant = TestClock.Instant

    private let current: Locked<Instant>

    /// Creates an immediate clock.
    /// - Parameter now: The starting instant.
    public init(now: Instant = Instant()) {
        current = Locked(now)
    }

    /// The current instant: the start plus every duration slept so far.
    public var now: Instant { current.withLock { $0 } }

    /// The smallest step of the clock: zero.
    public var minimumResolution: Duration { .zero }

    /// Moves time to `deadline` (if it is later than now) and returns without suspending.
    /// - Parameters:
    ///   - deadline: The instant to move to.
    ///   - tolerance: Ignored.
    /// - Throws: `CancellationError` if the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        current.withLock { now in
            if now < deadline { now = deadline }
        }
    }
}
