import Substate

/// A serial executor that runs asynchronous work only when a test tells it to.
///
/// Tasks that prefer this executor (`Task(executorPreference: scheduler) { … }`) do not run
/// on their own: their jobs wait in a first-in, first-out queue until ``run()`` runs them, one
/// after another, on the calling thread. Child tasks, task groups and resumed continuations
/// of those tasks come back to the same queue, so ``run()`` returns only when nothing that
/// started here can make progress any more. Nothing sleeps, yields or waits on real time.
///
/// ``TestStore`` runs every effect on its own scheduler and calls ``run()`` after each step,
/// and a ``TestClock`` that the scheduler is attached to runs it after waking each sleeper.
/// You rarely use a scheduler directly; it is public so that asynchronous code of your own
/// can be tested the same way:
///
/// ```swift
/// let scheduler = TestScheduler()
/// let clock = TestClock()
/// clock.attach(scheduler)
/// var fired = false
/// Task(executorPreference: scheduler) {
///     try await clock.sleep(for: .seconds(1))
///     fired = true
/// }
/// scheduler.run()                 // the task starts, and sleeps
/// clock.advance(by: .seconds(1))  // it wakes and finishes before `advance` returns
/// ```
///
/// ## Limits
/// Work that leaves the scheduler is not under its control:
/// - code isolated to an actor (`@MainActor` functions, `MainActor.run`, your own actors)
///   runs on that actor's executor. While the test itself holds the main actor, main-actor
///   work of an effect waits until the test suspends;
/// - `Task.detached` and tasks created with another executor preference run on the global
///   executor;
/// - real input and output (network, files, `Task.sleep` on a real clock) completes on other
///   threads at times of its own.
///
/// Such work finishes at an unpredictable moment: the test sees it as an effect that is still
/// running. Give effects their dependencies (clients, clocks) through the environment, and
/// replace them with immediate or test doubles in tests.
///
/// ## Work that never ends
/// An effect that loops without ever waiting on a clock (`while true { await Task.yield() }`,
/// or sending actions in a loop) would keep ``run()`` busy forever. So one call of ``run()``
/// does at most ``jobLimit`` steps of work (jobs run, plus actions delivered to a test store),
/// then returns with the rest still queued and ``reachedJobLimit`` set. A ``TestStore`` then
/// fails the test at the step that ran the scheduler, naming the effects still running.
public final class TestScheduler: TaskExecutor, @unchecked Sendable {
    private struct Queue {
        var jobs: [UnownedJob] = []
        var head = 0
        var ran = 0
        var limit = TestScheduler.defaultJobLimit
        var reachedLimit = false
    }

    /// The default ``jobLimit``: far more than any test's effects need between two steps, and
    /// reached within a second or two by an effect that never ends.
    public static let defaultJobLimit = 100_000

    private let queue = Locked(Queue())
    private let idleHandlers = Locked<[IdleHandler]>([])

    /// Work to do when the queue runs dry (a test store processes the actions that effects
    /// delivered). Returns whether it did anything, in which case the scheduler runs again.
    /// Schedulers are run only from the test's own flow of control, one call at a time,
    /// which is what makes the unchecked `Sendable` sound.
    struct IdleHandler: @unchecked Sendable {
        /// Returns how many steps of work it did (actions processed, at least 1 if it did
        /// anything): they count toward ``jobLimit``.
        let body: () -> Int
    }

    /// Creates a scheduler with nothing to run.
    public init() {}

    /// Adds a job to the end of the queue. Called by the concurrency runtime.
    /// - Parameter job: The job to run when the scheduler is next run.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.withLock { $0.jobs.append(job) }
    }

    /// Runs queued jobs, first in first out, including jobs they enqueue, until none is left,
    /// or until it has done ``jobLimit`` steps of work.
    /// - Returns: The number of jobs run.
    @discardableResult
    public func run() -> Int {
        let limit = queue.withLock {
            $0.reachedLimit = false
            return $0.limit
        }
        var count = 0
        var steps = 0
        var progressed = true
        while progressed {
            while let job = next() {
                job.runSynchronously(on: asUnownedTaskExecutor())
                count += 1
                steps += 1
                if steps >= limit { return stop(after: count) }
            }
            progressed = false
            for handler in idleHandlers.withLock({ $0 }) {
                let done = handler.body()
                guard done > 0 else { continue }
                progressed = true
                steps += done
            }
            if progressed, steps >= limit { return stop(after: count) }
        }
        return count
    }

    /// Ends a run that reached the limit.
    private func stop(after count: Int) -> Int {
        queue.withLock { $0.reachedLimit = true }
        return count
    }

    /// The most steps of work one call of ``run()`` does: jobs run, plus actions delivered to
    /// a test store. ``defaultJobLimit`` unless you change it; at least 1.
    public var jobLimit: Int {
        get { queue.withLock { $0.limit } }
        set { queue.withLock { $0.limit = max(1, newValue) } }
    }

    /// Whether the last call of ``run()`` stopped at ``jobLimit`` with work left: some effect
    /// keeps running without waiting on anything the test controls.
    public var reachedJobLimit: Bool {
        queue.withLock { $0.reachedLimit }
    }

    /// Adds work to do whenever the queue runs dry. See ``IdleHandler``.
    func whenIdle(_ body: @escaping () -> Int) {
        idleHandlers.withLock { $0.append(IdleHandler(body: body)) }
    }

    /// Whether jobs are waiting to run.
    public var hasPendingJobs: Bool {
        queue.withLock { $0.head < $0.jobs.count }
    }

    /// The number of jobs run since the scheduler was created.
    public var jobsRun: Int {
        queue.withLock { $0.ran }
    }

    private func next() -> UnownedJob? {
        queue.withLock { queue in
            guard queue.head < queue.jobs.count else {
                queue.jobs.removeAll(keepingCapacity: true)
                queue.head = 0
                return nil
            }
            let job = queue.jobs[queue.head]
            queue.head += 1
            queue.ran += 1
            return job
        }
    }
}
