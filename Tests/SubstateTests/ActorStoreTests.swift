import Foundation
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

    /// Stores on their own actors run their programs at the same time: each store's effects
    /// come back to its own actor, and no store sees another's actions.
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

    /// Two stores process actions at the same time: each one's update waits, inside the
    /// update, for the other's to start. Stores that took turns (one executor for all)
    /// would never meet: each waits up to 30 seconds, then reports it did not meet.
    @Test func twoStoresProcessActionsAtTheSameTime() async {
        let meeting = Meeting()
        let first = ActorStore(state: Met(), environment: meeting, program: Met.self)
        let second = ActorStore(state: Met(), environment: meeting, program: Met.self)
        async let one = first.send(.meet)
        async let two = second.send(.meet)
        _ = await (one, two)
        #expect(await first.state.met)
        #expect(await second.state.met)
    }
}

/// Two parties that wait for each other, up to 30 seconds (a guard, not a wait: parties that
/// run at the same time meet at once).
final class Meeting: Sendable {
    private let condition = NSCondition()
    private let arrived = Mutex(0)

    /// Arrives, and waits for the other; returns whether both were there.
    func arrive() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        arrived.withLock { $0 += 1 }
        condition.broadcast()
        let deadline = Date().addingTimeInterval(30)
        while arrived.withLock({ $0 }) < 2 {
            guard condition.wait(until: deadline) else { return false }
        }
        return true
    }
}

/// A program whose update meets another store's update at a ``Meeting``.
struct Met: Program, Equatable, Sendable {
    var met = false

    enum Action: Sendable {
        case meet
    }

    static func update(state: consuming Met, environment: Meeting, action: Action) -> Update<
        Met, Action
    > {
        state.met = environment.arrive()
        return Update(state: state)
    }
}
