import Substate
import SubstateTesting
import Synchronization
import Testing

/// A program whose effects never stop on their own: one yields in a loop, one sends in a
/// loop. (Both end when cancelled, so that no task outlives the test.)
struct Runaway: Equatable, Sendable {
    var ticks = 0
}

enum RunawayAction: Equatable, Sendable {
    case spin, flood, tick
}

extension Runaway {
    static func update(state: consuming Runaway, environment: Void, action: RunawayAction)
        -> Update<Runaway, RunawayAction>
    {
        switch action {
        case .spin:
            return Update(
                state: state,
                effect: .run { _ in
                    while !Task.isCancelled { await Task.yield() }
                })
        case .flood:
            return Update(
                state: state,
                effect: .run { send in
                    while !Task.isCancelled { await send(.tick) }
                })
        case .tick:
            state.ticks += 1
            return Update(state: state)
        }
    }
}

// The limit catches a run that never ends. It counts the time a test waits for the main actor
// behind the other tests too: under the thread sanitizer on two cores that wait alone came
// to 49-69 s, so the limit is well above it.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct TestSchedulerJobLimitTests {
    @Test func aSchedulerRunsAtMostItsLimitOfJobsAndSaysSo() {
        let scheduler = TestScheduler()
        scheduler.jobLimit = 1_000
        let spinning = Task(executorPreference: scheduler) {
            while !Task.isCancelled { await Task.yield() }
        }
        #expect(scheduler.run() == 1_000)
        #expect(scheduler.reachedJobLimit)
        #expect(scheduler.hasPendingJobs)
        spinning.cancel()
        #expect(scheduler.run() < 1_000)
        #expect(!scheduler.reachedJobLimit)
        #expect(!scheduler.hasPendingJobs)
    }

    @Test func aSendWhoseEffectYieldsForeverReturnsAndNamesTheEffect() {
        let store = TestStore(state: Runaway(), environment: (), update: Runaway.update)
        store.scheduler.jobLimit = 10_000
        let line = #line + 2
        withKnownIssue {
            store.send(.spin)
        } matching: { issue in
            let text = String(describing: issue)
            return issue.sourceLocation?.line == line
                && text.contains("the effect of send(RunawayAction.spin)")
                && text.contains("Task.yield()")
        }
        // Reported once and cancelled; the test goes on and ends without hanging.
        #expect(store.runningEffectCount == 0)
        store.send(.tick) { $0.ticks = 1 }
    }

    @Test func aSendWhoseEffectSendsForeverReturnsWithoutKeepingTheActions() {
        let store = TestStore(state: Runaway(), environment: (), update: Runaway.update)
        store.scheduler.jobLimit = 20_000
        withKnownIssue {
            store.send(.flood)
        } matching: { issue in
            String(describing: issue).contains("the effect of send(RunawayAction.flood)")
        }
        // Its actions were processed up to the limit, then dropped with the effect.
        #expect(store.state.ticks >= 10_000)
        #expect(store.receivedActions.isEmpty)
        #expect(store.runningEffectCount == 0)
    }
}

/// An effect that sends in a loop and never looks at cancellation: once cancelled, its sends
/// are dropped, and after a hundred of them it is stopped for good.
struct Heedless: Equatable, Sendable {
    var ticks = 0

    enum Action: Equatable, Sendable {
        case flood, tick
    }

    static func update(state: consuming Heedless, environment: Counter, action: Action)
        -> Update<Heedless, Action>
    {
        switch action {
        case .flood:
            return Update(
                state: state,
                effect: .run { send in
                    while true {
                        environment.add()
                        await send(.tick)
                    }
                })
        case .tick:
            state.ticks += 1
            return Update(state: state)
        }
    }

    /// Counts the loop's turns, from any thread.
    final class Counter: Sendable {
        private let turns = Mutex(0)
        func add() { turns.withLock { $0 += 1 } }
        var count: Int { turns.withLock { $0 } }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(3)))
struct HeedlessEffectTests {
    @Test func aTestStoreEndsOnAnEffectThatSendsInALoopWithoutLookingAtCancellation() {
        let store = TestStore(
            state: Heedless(), environment: Heedless.Counter(), update: Heedless.update)
        store.scheduler.jobLimit = 2_000
        withKnownIssue {
            store.send(.flood)
        } matching: { issue in
            String(describing: issue).contains("the effect of send(Heedless.Action.flood)")
        }
        #expect(store.runningEffectCount == 0)
        // The test goes on: the effect does not come back.
        store.send(.tick) { $0.ticks = store.state.ticks }
    }

    @Test func aCancelledEffectThatKeepsSendingIsStoppedAndCountsAsEnded() async {
        let counter = Heedless.Counter()
        let store = Store(state: Heedless(), environment: counter, update: Heedless.update)
        store.send(.flood)
        store.cancelEffects()
        // Without the stop, the effect would never end and this would wait for good.
        await store.finishEffects()
        let stopped = counter.count
        await store.finishEffects()
        #expect(counter.count == stopped)
        #expect(store.runningEffectCount == 0)
    }
}
