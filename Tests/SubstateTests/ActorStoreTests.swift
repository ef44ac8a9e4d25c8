import Substate
import Synchronization
import TestSupport
import Testing

extension Log: Program {}

/// A store on an actor of its own: the same programs and effects as the main actor's store,
/// off the main actor, many at once.
@Suite struct ActorStoreTests {
    @Test func sendsRunTheUpdateAndItsEffectsOffTheMainActor() async {
        let store = ActorStore(state: Log(), environment: (), program: Log.self)
        await store.send(.increment)
        await store.send(.echo(["a", "b"])).finish()
        await store.send(.chain(depth: 2))
        await store.finishEffects()
        let state = await store.state
        #expect(state.count == 1)
        #expect(state.entries == ["a", "b", "chain 2", "chain 1", "chain 0"])
        #expect(await store.runningEffectCount == 0)
    }

    @Test func anInitialEffectRunsAsTheStoreStarts() async {
        let store = ActorStore(
            create: Update(state: Log(), effect: .run { send in await send(.append("ready")) }),
            environment: (), program: Log.self)
        await store.finishEffects()
        #expect(await store.state.entries == ["ready"])
    }

    @Test func statesAndActionsArriveInOrder() async {
        let store = ActorStore(state: Log(), environment: (), program: Log.self)
        let states = store.states
        let actions = store.actions
        await store.send(.echo(["x", "y"]))
        await store.finishEffects()
        await store.tearDown()
        var seenActions: [LogAction] = []
        for await action in actions { seenActions.append(action) }
        var seenEntries: [[String]] = []
        for await state in states { seenEntries.append(state.entries) }
        #expect(seenActions == [.echo(["x", "y"]), .append("x"), .append("y")])
        // A state supersedes the ones before it: the reader, behind, gets the newest.
        #expect(seenEntries == [["x", "y"]])
    }

    @Test func tearingDownCancelsEffectsAndIgnoresLaterSends() async {
        let store = ActorStore(state: Log(), environment: (), program: Log.self)
        let cancelled = Signal()
        await store.send(.waitForCancellation(cancelled))
        #expect(await store.runningEffectCount == 1)
        await store.tearDown()
        await cancelled.wait()
        await store.send(.increment)
        #expect(await store.isTornDown)
        #expect(await store.state.count == 0)
    }

    /// Releasing the store cancels its effect: the effect's signal fires. (A regression fails
    /// at the limit instead of hanging.)
    @Test func aReleasedStoreEndsItsEffects() async {
        let cancelled = Signal()
        var store: ActorStore<Log, LogAction, Void>? = ActorStore(
            state: Log(), environment: (), program: Log.self)
        await store?.send(.waitForCancellation(cancelled))
        store = nil
        #expect(await cancelled.wait(upTo: .seconds(60)), "the released store's effect ran on")
    }

    @Test func effectErrorsGoToTheHandler() async {
        let errors = Mutex<[String]>([])
        let store = ActorStore(
            state: Log(), environment: (), program: Log.self,
            effectErrorHandler: { error in
                errors.withLock { $0.append((error as? Failure)?.message ?? "?") }
            })
        await store.send(.failing("boom"))
        await store.finishEffects()
        #expect(errors.withLock { $0 } == ["boom"])
    }

    /// Stores on their own actors run their programs side by side: each store's effects come
    /// back to its own actor, and no store sees another's actions. (That they run at the same
    /// time, on several cores, is measured by the benchmark's `actor.parallel`: a unit test
    /// that made two updates wait for each other failed under the thread sanitizer, whose
    /// other tests kept the pool's two threads busy.)
    @Test func manyStoresRunAtOnce() async {
        let stores = (0..<64).map { _ in
            ActorStore(state: Log(), environment: (), program: Log.self)
        }
        await withTaskGroup(of: Void.self) { group in
            for (index, store) in stores.enumerated() {
                group.addTask {
                    for _ in 0..<100 { await store.send(.increment) }
                    await store.send(.chain(depth: index % 5))
                    await store.finishEffects()
                }
            }
        }
        for (index, store) in stores.enumerated() {
            let state = await store.state
            #expect(state.count == 100)
            #expect(state.entries.count == index % 5 + 1)
        }
    }
}
