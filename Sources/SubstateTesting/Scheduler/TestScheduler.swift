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
public final class TestScheduler: TaskExecutor, @unchecked Sendable {
    private struct Queue {
        var jobs: [UnownedJob] = []
        var head = 0
        var ran = 0
    }

    private let queue = Locked(Queue())
    private let idleHandlers = Locked<[IdleHandler]>([])

    /// Work to do when the queue runs dry (a test store processes the actions that effects
    /// delivered). Returns whether it did anything, in which case the scheduler runs again.
    /// Schedulers are run only from the test's own flow of control, one call at a time,
    /// which is what makes the unchecked `Sendable` sound.
    struct IdleHandler: @unchecked Sendable {
        let body: () -> Bool
    }

    /// Creates a scheduler with nothing to run.
    public init() {}

    /// Adds a job to the end of the queue. Called by the concurrency runtime.
    /// - Parameter job: The job to run when the scheduler is next run.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.withLock { $0.jobs.append(job) }
    }

    /// Runs queued jobs, first in first out, including jobs they enqueue, until none is left.
    /// - Returns: The number of jobs run.
    @discardableResult
    public func run() -> Int {
        var count = 0
        var progressed = true
        while progressed {
            while let job = next() {
                job.runSynchronously(on: asUnownedTaskExecutor())
                count += 1
            }
            progressed = false
            for handler in idleHandlers.withLock({ $0 }) where handler.body() {
                progressed = true
            }
        }
        return count
    }

    /// Adds work to do whenever the queue runs dry. See ``IdleHandler``.
    func whenIdle(_ body: @escaping () -> Bool) {
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
