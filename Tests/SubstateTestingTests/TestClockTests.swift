import Substate
import SubstateTesting
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A log that effects running on a scheduler append to.
final class Events: @unchecked Sendable {
    private let lock = Locked<[String]>([])
    var all: [String] { lock.withLock { $0 } }
    func append(_ event: String) { lock.withLock { $0.append(event) } }
}

/// The lock from Substate, re-created here because it is not public.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<R>(_ body: (inout Value) -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&value)
    }
}

@Suite struct TestClockTests {
    let clock = TestClock()
    let scheduler = TestScheduler()
    let events = Events()

    init() {
        clock.attach(scheduler)
    }

    func start(_ name: String, sleeping duration: Duration, then: Duration? = nil) {
        let clock = clock
        let events = events
        Task(executorPreference: scheduler) {
            do {
                try await clock.sleep(for: duration)
                events.append("\(name) woke at \(clock.now.offset)")
                if let then {
                    try await clock.sleep(for: then)
                    events.append("\(name) woke again at \(clock.now.offset)")
                }
            } catch {
                events.append("\(name) cancelled")
            }
        }
    }

    @Test func timeMovesOnlyWhenAdvanced() {
        #expect(clock.now == TestClock.Instant())
        clock.advance(by: .seconds(2))
        #expect(clock.now.offset == .seconds(2))
        clock.advance(to: TestClock.Instant(offset: .seconds(1)))
        #expect(clock.now.offset == .seconds(2))
    }

    @Test func sleepersWakeInDeadlineOrderAndTheirWorkRunsFirst() {
        start("c", sleeping: .seconds(3))
        start("a", sleeping: .seconds(1), then: .milliseconds(500))
        start("b", sleeping: .seconds(2))
        scheduler.run()
        #expect(clock.sleeperCount == 3)
        clock.advance(by: .seconds(1))
        #expect(events.all == ["a woke at 1.0 seconds"])
        clock.advance(by: .seconds(5))
        #expect(
            events.all == [
                "a woke at 1.0 seconds", "a woke again at 1.5 seconds", "b woke at 2.0 seconds",
                "c woke at 3.0 seconds",
            ])
        #expect(clock.now.offset == .seconds(6))
        clock.checkSuspension()
    }

    @Test func sleepersWithTheSameDeadlineWakeInTheOrderTheySlept() {
        for name in ["first", "second", "third"] { start(name, sleeping: .seconds(1)) }
        scheduler.run()
        clock.advance(by: .seconds(1))
        #expect(events.all.map { $0.prefix(while: { $0 != " " }) } == ["first", "second", "third"])
    }

    @Test func aSleepUntilNowReturnsAtOnce() {
        let clock = clock
        let events = events
        Task(executorPreference: scheduler) {
            try? await clock.sleep(until: clock.now)
            events.append("done")
        }
        scheduler.run()
        #expect(events.all == ["done"])
        #expect(clock.sleeperCount == 0)
    }

    @Test func aCancelledSleeperThrowsAndNoLongerSleeps() {
        let clock = clock
        let events = events
        let task = Task(executorPreference: scheduler) {
            do {
                try await clock.sleep(for: .seconds(10))
                events.append("woke")
            } catch {
                events.append("cancelled")
            }
        }
        scheduler.run()
        #expect(clock.sleeperCount == 1)
        task.cancel()
        scheduler.run()
        #expect(events.all == ["cancelled"])
        #expect(clock.sleeperCount == 0)
        clock.advance(by: .seconds(10))
        #expect(events.all == ["cancelled"])
    }

    @Test func runAdvancesUntilNothingSleeps() {
        start("a", sleeping: .seconds(1), then: .seconds(4))
        start("b", sleeping: .seconds(2))
        clock.run()
        #expect(events.all.count == 3)
        #expect(clock.now.offset == .seconds(5))
        #expect(clock.sleeperCount == 0)
    }

    @Test func runGivesUpOnATimerThatNeverEnds() {
        let clock = clock
        let timer = Task(executorPreference: scheduler) {
            while !Task.isCancelled { try? await clock.sleep(for: .seconds(1)) }
        }
        defer {
            // The timer ends with the test: a task left asleep on the clock would keep the
            // clock and the scheduler alive (a leak the address sanitizer reports).
            timer.cancel()
            scheduler.run()
        }
        withKnownIssue {
            clock.run(maximumSteps: 50)
        } matching: {
            String(describing: $0).contains("woke 50 sleepers")
        }
        #expect(clock.now.offset == .seconds(50))
    }

    @Test func checkSuspensionFailsWhileSomethingSleeps() {
        start("late", sleeping: .seconds(1))
        scheduler.run()
        withKnownIssue {
            clock.checkSuspension()
        } matching: {
            String(describing: $0).contains("1 task is still asleep")
        }
        clock.advance(by: .seconds(1))
        clock.checkSuspension()
    }

    @Test func immediateClockSleepsWithoutWaitingAndMovesTime() async throws {
        let immediate = ImmediateClock()
        try await immediate.sleep(for: .seconds(3))
        try await immediate.sleep(for: .milliseconds(500))
        #expect(immediate.now.offset == .milliseconds(3500))
    }

    @Test func unimplementedClockFailsWhenUsed() async {
        let unimplemented = UnimplementedClock("api clock")
        var threw = false
        await withKnownIssue {
            do {
                try await unimplemented.sleep(for: .seconds(1))
            } catch {
                threw = error is CancellationError
            }
        } matching: {
            String(describing: $0).contains("api clock")
        }
        #expect(threw)
        withKnownIssue {
            _ = unimplemented.now
        } matching: {
            String(describing: $0).contains("'now' was read")
        }
    }
}

@Suite struct TestSchedulerTests {
    @Test func jobsRunOnlyWhenTheSchedulerRuns() {
        let scheduler = TestScheduler()
        let events = Events()
        Task(executorPreference: scheduler) {
            events.append("parent")
            await withTaskGroup(of: Void.self) { group in
                group.addTask { events.append("child") }
            }
            events.append("after children")
        }
        #expect(events.all.isEmpty)
        #expect(scheduler.hasPendingJobs)
        let ran = scheduler.run()
        #expect(ran > 0)
        #expect(events.all == ["parent", "child", "after children"])
        #expect(!scheduler.hasPendingJobs)
    }

    @Test func theSameWorkRunsTheSameWayEveryTime() {
        func trace() -> [String] {
            let scheduler = TestScheduler()
            let events = Events()
            for index in 0..<5 {
                Task(executorPreference: scheduler) {
                    await withTaskGroup(of: Void.self) { group in
                        for child in 0..<3 {
                            group.addTask { events.append("\(index).\(child)") }
                        }
                    }
                }
            }
            scheduler.run()
            return events.all
        }
        let first = trace()
        #expect(first.count == 15)
        for _ in 0..<20 { #expect(trace() == first) }
    }
}
