import Foundation
import Substate
import TestSupport
import Testing

/// A program for load: each effect sends its numbered actions; the state records, per
/// effect, the numbers in the order they arrived.
struct Tally: Equatable, Sendable {
    var received: [Int: [Int]] = [:]
    var total = 0
}

enum TallyAction: Equatable, Sendable {
    case burst(effects: Int, actions: Int)
    case item(effect: Int, number: Int)
    case waitForever(count: Int)
}

/// An environment that the leak test watches for deallocation.
final class TallyEnvironment: Sendable {
    /// Fired when the environment is freed.
    let released: Signal?

    init(released: Signal? = nil) {
        self.released = released
    }

    deinit { released?.fire() }
}

extension Tally {
    static func update(
        state: consuming Tally, environment: TallyEnvironment, action: TallyAction
    ) -> Update<Tally, TallyAction> {
        switch action {
        case .burst(let effects, let actions):
            return Update(
                state: state,
                effect: .merge(
                    (0..<effects).map { effect in
                        Effect<TallyAction>.run { send in
                            for number in 0..<actions {
                                await send(.item(effect: effect, number: number))
                            }
                        }
                    }))
        case .item(let effect, let number):
            state.received[effect, default: []].append(number)
            state.total += 1
            return Update(state: state)
        case .waitForever(let count):
            return Update(
                state: state,
                effect: .merge(
                    (0..<count).map { _ in
                        Effect<TallyAction>.run { _ in
                            // Holds the environment, as real effects do, and suspends until
                            // cancelled.
                            withExtendedLifetime(environment) {}
                            let never = AsyncStream<Void> { _ in }
                            for await _ in never {}
                        }
                    }))
        }
    }
}

@MainActor
@Suite struct ReliabilityTests {
    @Test func hundredsOfEffectsDeliverEveryActionOnceAndInOrder() async {
        let effects = 100
        let actions = 10_000
        let store = Store(state: Tally(), environment: TallyEnvironment(), update: Tally.update)
        var processed: [TallyAction] = []
        store.addMiddleware(.observe { action, _ in processed.append(action) })
        await store.send(.burst(effects: effects, actions: actions)).finish()

        let state = store.state
        #expect(state.total == effects * actions)
        #expect(state.received.count == effects)
        for effect in 0..<effects {
            // Exactly once each, in the order the effect sent them.
            #expect(state.received[effect] == Array(0..<actions), "effect \(effect)")
        }
        // The final state is what the actions the store processed say, counted here without
        // the update function: one burst, then every item once.
        var expected = Tally()
        for action in processed {
            guard case .item(let effect, let number) = action else { continue }
            expected.received[effect, default: []].append(number)
            expected.total += 1
        }
        #expect(processed.count == effects * actions + 1)
        #expect(expected == state)
    }

    @Test func tearingDownAStoreWithTenThousandEffectsEndsThemAndFreesEverything() async {
        weak var weakStore: Store<Tally, TallyAction, TallyEnvironment>?
        weak var weakEnvironment: TallyEnvironment?
        var task: StoreTask?
        do {
            let environment = TallyEnvironment()
            weakEnvironment = environment
            let store = Store(state: Tally(), environment: environment, update: Tally.update)
            weakStore = store
            task = store.send(.waitForever(count: 10_000))
            #expect(store.runningEffectCount == 10_000)
            store.tearDown()
            await task?.finish()
            await store.finishEffects()
            #expect(store.runningEffectCount == 0)
        }
        #expect(weakStore == nil)
        #expect(weakEnvironment == nil)
    }

    @Test func aStoreThatGoesWithAWakeUpPendingFreesItsEffectRuntime() async {
        // The main-actor hop that drains the inbox holds the runtime, and the runtime holds
        // the hop: closing the runtime when its store goes must break that cycle, also while
        // a hop is pending.
        weak var weakRuntime:
            EffectRuntime<
                _StoreCore<
                    Pinger, Pinger.Action, DispatchSemaphore,
                    Store<Pinger, Pinger.Action, DispatchSemaphore>
                >
            >?
        do {
            let delivered = DispatchSemaphore(value: 0)
            let store = Store(state: Pinger(), environment: delivered, program: Pinger.self)
            weakRuntime = store.runtime
            store.send(.ping)
            // Blocks the main actor until the effect has delivered its action: the inbox's
            // wake-up, a job on the main actor, is then pending behind this test.
            delivered.wait()
            #expect(store.state.pongs == 0)
        }
        // The main actor runs its jobs in order: the pending hop runs before this task goes on.
        await Task.yield()
        // Not `#expect(weakRuntime == nil)`: describing a runtime whose store went would read
        // its unretained reference to the store.
        let isFreed = weakRuntime == nil
        #expect(isFreed, "the store's effect runtime outlived it")
    }

    @Test(arguments: [true, false])
    func aStoreTornDownOrDroppedWhileEffectsRunFreesItsEnvironment(tearsDown: Bool) async {
        // Each round: five long effects that hold the environment; the store is torn down
        // (or just released) while they run; once they have all ended, nothing of the store
        // may keep the environment.
        for round in 0..<40 {
            weak var weakEnvironment: TallyEnvironment?
            weak var weakStore: Store<Tally, TallyAction, TallyEnvironment>?
            var task: StoreTask?
            let released = Signal()
            do {
                let environment = TallyEnvironment(released: released)
                weakEnvironment = environment
                let store = Store(state: Tally(), environment: environment, update: Tally.update)
                weakStore = store
                task = store.send(.waitForever(count: 5))
                #expect(store.runningEffectCount == 5)
                if tearsDown { store.tearDown() }
            }
            // Released or torn down, the store is gone and its effects end.
            await task?.finish()
            // An ended task's frame lets go of its effect a moment after the effect ended, on
            // its own thread: wait for the environment's release itself. The limit only turns
            // a store that kept its environment into a failure. (No time limit on the test:
            // under the thread sanitizer, with the whole suite running, the main-actor tests
            // of other suites hold the main actor for a minute or more, and every round of
            // this one needs it. That, not a late release, is what ended the earlier signal
            // wait at its one-minute limit: trivial main-actor tests took 40 s there.)
            guard await released.wait(upTo: .seconds(300)) else {
                Issue.record("round \(round): the environment was not released in 300 s")
                return
            }
            #expect(weakStore == nil, "round \(round)")
            #expect(weakEnvironment == nil, "round \(round)")
        }
    }
}

/// A program whose effect sends one action back and then signals its environment: what
/// `aStoreThatGoesWithAWakeUpPendingFreesItsEffectRuntime` waits on.
struct Pinger: Program, Equatable, Sendable {
    var pongs = 0

    enum Action: Sendable {
        case ping
        case pong
    }

    static func update(
        state: consuming Pinger, environment: DispatchSemaphore, action: Action
    ) -> Update<Pinger, Action> {
        switch action {
        case .ping:
            return Update(
                state: state,
                effect: .run { send in
                    await send(.pong)
                    environment.signal()
                })
        case .pong:
            state.pongs += 1
            return Update(state: state)
        }
    }
}
