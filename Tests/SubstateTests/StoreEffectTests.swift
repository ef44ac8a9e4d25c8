import Substate
import TestSupport
import Testing

@MainActor
@Suite struct StoreEffectTests {
    @Test func effectActionsArriveInTheOrderTheyWereSent() async {
        let store = makeLogStore()
        // More actions than the inbox holds, so that the producer also waits for room.
        let entries = (0..<10_000).map(String.init)
        await store.send(.echo(entries)).finish()
        #expect(store.state.entries == entries)
    }

    @Test func actionsOfConcurrentEffectsKeepEachEffectsOrder() async {
        let store = makeLogStore()
        let first = store.send(.echo((0..<500).map { "a\($0)" }))
        let second = store.send(.echo((0..<500).map { "b\($0)" }))
        await first.finish()
        await second.finish()
        let entries = store.state.entries
        #expect(entries.count == 1000)
        #expect(entries.filter { $0.hasPrefix("a") } == (0..<500).map { "a\($0)" })
        #expect(entries.filter { $0.hasPrefix("b") } == (0..<500).map { "b\($0)" })
    }

    @Test func finishWaitsForEffectsStartedByTheEffectsActions() async {
        let store = makeLogStore()
        await store.send(.chain(depth: 5)).finish()
        #expect(store.state.entries == (0...5).reversed().map { "chain \($0)" })
        #expect(store.runningEffectCount == 0)
    }

    @Test func aSendWithoutEffectsIsFinishedAtOnce() async {
        let store = makeLogStore()
        let task = store.send(.increment)
        #expect(task.isFinished)
        await task.finish()
    }

    @Test func cancellingATaskCancelsItsEffectAndDropsItsLateActions() async {
        let store = makeLogStore()
        let signal = Signal()
        let task = store.send(.waitForCancellation(signal))
        #expect(store.runningEffectCount == 1)
        task.cancel()
        #expect(task.isCancelled)
        await signal.wait()
        await task.finish()
        #expect(store.state.entries.isEmpty)
        #expect(store.runningEffectCount == 0)
    }

    @Test func cancelEffectsCancelsEveryEffectAndTheStoreGoesOn() async {
        let store = makeLogStore()
        let signals = [Signal(), Signal()]
        let tasks = signals.map { store.send(.waitForCancellation($0)) }
        store.cancelEffects()
        for signal in signals { await signal.wait() }
        for task in tasks { await task.finish() }
        #expect(store.state.entries.isEmpty)
        await store.send(.echo(["still working"])).finish()
        #expect(store.state.entries == ["still working"])
    }

    @Test func allEffectsAreCancelledWhenTheStoreGoesAway() async {
        let signal = Signal()
        weak var weakStore: Store<Log, LogAction, Void>?
        var task: StoreTask?
        do {
            let store = makeLogStore()
            weakStore = store
            task = store.send(.waitForCancellation(signal))
        }
        #expect(weakStore == nil)
        await signal.wait()
        await task?.finish()
    }

    @Test func tearDownCancelsEffectsAndIgnoresLaterSends() async {
        let store = makeLogStore()
        let signal = Signal()
        let running = store.send(.waitForCancellation(signal))
        store.send(.increment)
        store.tearDown()
        #expect(store.isTornDown)
        await signal.wait()
        await running.finish()

        let late = store.send(.echo(["ignored"]))
        #expect(late.isFinished)
        store.send(.increment)
        #expect(store.state == Log(entries: [], count: 1))
        #expect(store.runningEffectCount == 0)
        store.tearDown()
    }

    @Test func anUncaughtErrorGoesToTheErrorHandler() async {
        let store = makeLogStore()
        var errors: [String] = []
        store.effectErrorHandler = { [weak store] error in
            errors.append((error as? Failure)?.message ?? "unknown")
            store?.send(.append("reported"))
        }
        await store.send(.failing("boom")).finish()
        #expect(errors == ["boom"])
        #expect(store.state.entries == ["reported"])
    }

    @Test func aCaughtErrorBecomesAnAction() async {
        let store = makeLogStore()
        var errors: [any Error] = []
        store.effectErrorHandler = { errors.append($0) }
        await store.send(.failingCaught("boom")).finish()
        #expect(store.state.entries == ["caught boom"])
        #expect(errors.isEmpty)
    }

    @Test func anErrorAfterCancellationIsNotReported() async {
        let store = makeLogStore()
        var errors: [any Error] = []
        store.effectErrorHandler = { errors.append($0) }
        let signal = Signal()
        let task = store.send(.waitForCancellation(signal))
        task.cancel()
        await signal.wait()
        await task.finish()
        #expect(errors.isEmpty)
    }

    @Test func finishEffectsWaitsForEveryRunningEffect() async {
        let store = makeLogStore()
        store.send(.echo(["one"]))
        store.send(.chain(depth: 2))
        await store.finishEffects()
        #expect(Set(store.state.entries) == ["one", "chain 2", "chain 1", "chain 0"])
        #expect(store.runningEffectCount == 0)
    }
}
