import Substate

/// A clock whose time moves only when a test moves it.
///
/// Effects read time from the environment's clock. In production that is a
/// `ContinuousClock`; in tests it is a `TestClock`, and the test decides when time passes:
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(
///     state: Search(), environment: SearchEnvironment(clock: clock), update: Search.update
/// )
/// store.send(.queryChanged("swift")) { $0.query = "swift" }
/// store.advance(by: .milliseconds(299))  // nothing yet
/// store.advance(by: .milliseconds(1))    // the debounced search fires now
/// store.receive(.search("swift"))
/// ```
///
/// ## How time moves
/// ``advance(by:)``, ``advance(to:)`` and ``run(maximumSteps:fileID:filePath:line:column:)``
/// wake sleepers in deadline order; sleepers with the same deadline wake in the order they
/// went to sleep. After waking each sleeper the clock runs every ``TestScheduler`` attached
/// to it, so the work the sleeper does — including new sleeps — happens before the clock moves
/// on. A ``TestStore`` attaches its scheduler to the test clocks in its environment.
///
/// A sleep until exactly ``now``, or any earlier instant, returns at once without suspending
/// (after checking for cancellation). A cancelled sleeper throws `CancellationError` and is
/// no longer counted as asleep.
///
/// At the end of a test, ``checkSuspension(fileID:filePath:line:column:)`` fails if anything
/// is still asleep: an effect waiting for time that the test never advanced.
public final class TestClock: Clock, Sendable {
    /// A point on a ``TestClock``'s timeline: the time since the clock's start.
    public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        /// The time since the start of the clock.
        public var offset: Duration

        /// Creates an instant at an offset from the clock's start.
        /// - Parameter offset: The time since the start.
        public init(offset: Duration = .zero) {
            self.offset = offset
        }

        /// The instant a duration later (or earlier, for a negative duration).
        /// - Parameter duration: The time to add.
        /// - Returns: The moved instant.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to another.
        /// - Parameter other: The later instant.
        /// - Returns: `other` minus this instant.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether the first instant is earlier.
        /// - Parameters:
        ///   - lhs: An instant.
        ///   - rhs: Another instant.
        /// - Returns: `true` if `lhs` is earlier than `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The offset, as in `"1.5 seconds"`.
        public var description: String { "\(offset)" }
    }

    struct Sleeper {
        var deadline: Instant
        var sequence: Int
        var continuation: UnsafeContinuation<Void, any Error>
    }

    struct State {
        var now: Instant
        var nextSequence = 0
        var sleepers: [Int: Sleeper] = [:]
        var queue = DeadlineQueue()
        var schedulers: [WeakScheduler] = []
    }

    struct WeakScheduler {
        weak var scheduler: TestScheduler?
    }

    let state: Locked<State>

    /// Creates a test clock.
    /// - Parameter now: The starting instant.
    public init(now: Instant = Instant()) {
        state = Locked(State(now: now))
    }

    /// The current instant. It changes only through ``advance(by:)``, ``advance(to:)`` and
    /// ``run(maximumSteps:fileID:filePath:line:column:)``.
    public var now: Instant {
        state.withLock { $0.now }
    }

    /// The smallest step of the clock: zero, since a test moves time exactly.
    public var minimumResolution: Duration { .zero }

    /// The number of tasks asleep on this clock.
    public var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// Suspends the calling task until the clock reaches `deadline`.
    ///
    /// Returns at once, without suspending, if `deadline` is ``now`` or earlier.
    /// - Parameters:
    ///   - deadline: The instant to wake at.
    ///   - tolerance: Ignored: a test clock wakes sleepers exactly at their deadline.
    /// - Throws: `CancellationError` if the task is cancelled before or while it sleeps.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        if deadline <= now { return }
        let id = state.withLock { state in
            defer { state.nextSequence += 1 }
            return state.nextSequence
        }
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                let error: (any Error)? = state.withLock { state in
                    if Task.isCancelled { return CancellationError() }
                    state.sleepers[id] = Sleeper(
                        deadline: deadline, sequence: id, continuation: continuation
                    )
                    state.queue.insert(deadline: deadline, sequence: id)
                    return nil
                }
                if let error { continuation.resume(throwing: error) }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Makes the clock run a scheduler after waking each sleeper, so that the work the sleeper
    /// does happens before time moves on. ``TestStore`` does this for the clocks in its
    /// environment.
    /// - Parameter scheduler: The scheduler the sleeping tasks run on.
    public func attach(_ scheduler: TestScheduler) {
        state.withLock { state in
            state.schedulers.removeAll { $0.scheduler == nil }
            if !state.schedulers.contains(where: { $0.scheduler === scheduler }) {
                state.schedulers.append(WeakScheduler(scheduler: scheduler))
            }
        }
    }

    /// Moves time forward, waking every sleeper whose deadline passes, in deadline order.
    /// - Parameter duration: How far to move; must not be negative.
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Moves time forward to an instant, waking every sleeper whose deadline is at or before it,
    /// in deadline order, and running the attached schedulers after each.
    /// - Parameter deadline: The instant to move to. An earlier instant than ``now`` leaves
    ///   time where it is (time never goes back), after running the pending work.
    public func advance(to deadline: Instant) {
        runSchedulers()
        while let sleeper = wakeNext(notAfter: deadline) {
            sleeper.continuation.resume()
            runSchedulers()
        }
        state.withLock { state in
            if state.now < deadline { state.now = deadline }
        }
        runSchedulers()
    }

    /// Advances to each next deadline until nothing sleeps.
    ///
    /// An effect that sleeps in a loop (a timer) never lets this end: after `maximumSteps`
    /// wake-ups it stops and records a failure. Cancel such effects first.
    /// - Parameters:
    ///   - maximumSteps: The most sleepers to wake before giving up.
    ///   - fileID: The file to report a failure in.
    ///   - filePath: The file to report a failure in.
    ///   - line: The line to report a failure at.
    ///   - column: The column to report a failure at.
    public func run(
        maximumSteps: Int = 1_000_000,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        runSchedulers()
        var steps = 0
        while let deadline = nextDeadline() {
            guard steps < maximumSteps else {
                fail(
                    "TestClock.run() woke \(steps) sleepers and something still sleeps "
                        + "(\(sleeperCount) asleep, next at \(deadline)). A timer that is never "
                        + "cancelled keeps the clock running forever.",
                    at: Location(fileID: fileID, filePath: filePath, line: line, column: column)
                )
                return
            }
            advance(to: deadline)
            steps += 1
        }
    }

    /// Records a failure if any task is still asleep on this clock.
    ///
    /// Call it at the end of a test (``TestStore`` reports sleeping effects itself).
    /// - Parameters:
    ///   - fileID: The file to report a failure in.
    ///   - filePath: The file to report a failure in.
    ///   - line: The line to report a failure at.
    ///   - column: The column to report a failure at.
    public func checkSuspension(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let (count, next) = state.withLock { state in
            (state.sleepers.count, state.sleepers.values.map(\.deadline).min())
        }
        guard count > 0, let next else { return }
        fail(
            "\(count) task\(count == 1 ? " is" : "s are") still asleep on the test clock "
                + "(now \(now), next deadline \(next)).",
            at: Location(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    private func nextDeadline() -> Instant? {
        state.withLock { state in
            while let first = state.queue.first {
                if state.sleepers[first.sequence] != nil { return first.deadline }
                state.queue.removeFirst()
            }
            return nil
        }
    }

    /// Takes the earliest sleeper due at or before `deadline`, and moves `now` to its deadline.
    private func wakeNext(notAfter deadline: Instant) -> Sleeper? {
        state.withLock { state in
            while let first = state.queue.first, first.deadline <= deadline {
                state.queue.removeFirst()
                guard let sleeper = state.sleepers.removeValue(forKey: first.sequence) else {
                    continue  // cancelled
                }
                if state.now < sleeper.deadline { state.now = sleeper.deadline }
                return sleeper
            }
            return nil
        }
    }

    private func runSchedulers() {
        let schedulers = state.withLock { $0.schedulers.compactMap(\.scheduler) }
        var ranSomething = true
        while ranSomething {
            ranSomething = false
            for scheduler in schedulers where scheduler.run() > 0 {
                // Work that never ends: the scheduler's owner reports it.
                if scheduler.reachedJobLimit { return }
                ranSomething = true
            }
        }
    }
}
