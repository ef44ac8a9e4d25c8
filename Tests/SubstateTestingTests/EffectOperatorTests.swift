import Substate
import SubstateTesting
import Testing

/// A program that uses every effect operator, for timelines on a `TestClock`.
struct Timeline: Equatable, Sendable {
    var log: [String] = []
}

enum TimelineAction: Equatable, Sendable {
    case start(String, cancelInFlight: Bool)
    case cancel(String)
    case cancelMany([String])
    case cancelEverything
    case search(String)
    case throttled(String, latest: Bool)
    case throttledLeading(String)
    case delayed(String)
    case startTimer
    case stopTimer
    case slow(Duration)
    case numbers
    case race
    case cancelTicker
    case fired(String)
    case tick(Int)
    case number(Int)
    case item(String)
}

struct TimelineEnvironment: Sendable {
    var clock: TestClock
}

extension Timeline {
    static func update(
        state: consuming Timeline, environment: TimelineEnvironment, action: TimelineAction
    ) -> Update<Timeline, TimelineAction> {
        let clock = environment.clock
        switch action {
        case .start(let id, let cancelInFlight):
            return Update(
                state: state,
                effect: .run { send in
                    try await clock.sleep(for: .seconds(1))
                    await send(.fired(id))
                }
                .cancellable(id: id, cancelInFlight: cancelInFlight))
        case .cancel(let id):
            return Update(state: state, effect: .cancel(id: id))
        case .cancelMany(let ids):
            return Update(state: state, effect: .cancel(ids: ids))
        case .cancelEverything:
            return Update(state: state, effect: .cancelAll)
        case .search(let query):
            return Update(
                state: state,
                effect: .run { send in await send(.fired("search \(query)")) }
                    .debounce(id: "search", for: .milliseconds(300), clock: clock))
        case .throttled(let name, let latest):
            return Update(
                state: state,
                effect: .send(.fired(name))
                    .throttle(id: "throttle", for: .seconds(1), clock: clock, latest: latest))
        case .throttledLeading(let name):
            return Update(
                state: state,
                effect: .send(.fired(name))
                    .throttle(id: "throttle", for: .seconds(1), clock: clock, trailing: false))
        case .delayed(let name):
            return Update(
                state: state,
                effect: .send(.fired(name)).delay(for: .milliseconds(500), clock: clock))
        case .startTimer:
            return Update(
                state: state,
                effect: .timer(every: .seconds(1), clock: clock)
                    .map { .tick($0) }
                    .cancellable(id: "timer", cancelInFlight: true))
        case .stopTimer:
            return Update(state: state, effect: .cancel(id: "timer"))
        case .slow(let duration):
            return Update(
                state: state,
                effect: .run { send in
                    await send(.fired("slow started"))
                    try await clock.sleep(for: duration)
                    await send(.fired("slow finished"))
                }
                .timeout(after: .seconds(1), clock: clock, fallback: .fired("timed out")))
        case .numbers:
            let numbers: Effect<Int> = .run { send in
                for number in 1...6 { await send(number) }
            }
            return Update(
                state: state,
                effect: .concatenate(
                    numbers.filter { $0.isMultiple(of: 2) }.map { .number($0) },
                    numbers.compactMap { $0 > 4 ? TimelineAction.item("\($0)") : nil }
                ))
        case .race:
            // The first effect cancels the second, whose actions are already produced by
            // the time the store processes the cancellation: they must be dropped.
            return Update(
                state: state,
                effect: .merge(
                    .run { send in await send(.cancelTicker) },
                    .run { send in
                        await send(.fired("late 1"))
                        await send(.fired("late 2"))
                    }
                    .cancellable(id: "ticker")
                ))
        case .cancelTicker:
            return Update(state: state, effect: .cancel(id: "ticker"))
        case .fired(let name):
            state.log.append(name)
            return Update(state: state)
        case .tick(let count):
            state.log.append("tick \(count)")
            return Update(state: state)
        case .number(let number):
            state.log.append("number \(number)")
            return Update(state: state)
        case .item(let item):
            state.log.append("item \(item)")
            return Update(state: state)
        }
    }
}

@MainActor
func makeTimelineStore(testing tested: TestedStore = .store) -> TestStore<
    Timeline, TimelineAction, TimelineEnvironment
> {
    TestStore(
        state: Timeline(), environment: TimelineEnvironment(clock: TestClock()),
        update: Timeline.update, testing: tested)
}

@MainActor
@Suite struct CancellationTests {
    @Test(arguments: TestedStore.allCases) func cancelByIdStopsTheEffect(_ tested: TestedStore) {
        let store = makeTimelineStore(testing: tested)
        store.send(.start("a", cancelInFlight: false))
        store.advance(by: .milliseconds(500))
        store.send(.cancel("a"))
        store.advance(by: .seconds(5))
        #expect(store.runningEffectCount == 0)
    }

    @Test(arguments: TestedStore.allCases) func withoutCancelInFlightBothRun(_ tested: TestedStore)
    {
        let store = makeTimelineStore(testing: tested)
        store.send(.start("a", cancelInFlight: false))
        store.advance(by: .milliseconds(500))
        store.send(.start("a", cancelInFlight: false))
        store.advance(by: .milliseconds(500))
        store.receive(.fired("a")) { $0.log = ["a"] }
        store.advance(by: .milliseconds(500))
        store.receive(.fired("a")) { $0.log = ["a", "a"] }
    }

    @Test(arguments: TestedStore.allCases) func cancelInFlightTakesTheLatest(_ tested: TestedStore)
    {
        let store = makeTimelineStore(testing: tested)
        store.send(.start("a", cancelInFlight: true))
        store.advance(by: .milliseconds(500))
        store.send(.start("a", cancelInFlight: true))
        store.advance(by: .milliseconds(500))  // the first would fire now
        #expect(store.receivedActions.isEmpty)
        store.advance(by: .milliseconds(500))
        store.receive(.fired("a")) { $0.log = ["a"] }
    }

    @Test(arguments: TestedStore.allCases) func cancellingSeveralIdsAndEverything(
        _ tested: TestedStore
    ) {
        let store = makeTimelineStore(testing: tested)
        store.send(.start("a", cancelInFlight: false))
        store.send(.start("b", cancelInFlight: false))
        store.send(.start("c", cancelInFlight: false))
        store.send(.cancelMany(["a", "b"]))
        store.advance(by: .seconds(1))
        store.receive(.fired("c")) { $0.log = ["c"] }
        store.send(.start("d", cancelInFlight: false))
        store.send(.startTimer)
        store.send(.cancelEverything)
        store.advance(by: .seconds(3))
        #expect(store.runningEffectCount == 0)
    }

    @Test(arguments: TestedStore.allCases) func cancellingAnUnknownIdDoesNothing(
        _ tested: TestedStore
    ) {
        let store = makeTimelineStore(testing: tested)
        store.send(.start("a", cancelInFlight: false))
        store.send(.cancel("nobody"))
        store.advance(by: .seconds(1))
        store.receive(.fired("a")) { $0.log = ["a"] }
    }

    @Test(arguments: TestedStore.allCases) func actionsAlreadyProducedByACancelledEffectAreDropped(
        _ tested: TestedStore
    ) {
        let store = makeTimelineStore(testing: tested)
        store.send(.race)
        store.receive(.cancelTicker)
        #expect(store.receivedActions.isEmpty)
        #expect(store.state.log.isEmpty)
    }

    @MainActor @Test func idsAreScopedToTheirStore() async {
        let clock = TestClock()
        let first = Store(
            state: Timeline(), environment: TimelineEnvironment(clock: clock),
            update: Timeline.update)
        let second = Store(
            state: Timeline(), environment: TimelineEnvironment(clock: clock),
            update: Timeline.update)
        let kept = second.send(.start("shared", cancelInFlight: false))
        let started = first.send(.start("shared", cancelInFlight: false))
        first.send(.cancel("shared"))
        await started.finish()  // ends because it was cancelled: nobody advances the clock
        #expect(first.runningEffectCount == 0)
        #expect(second.runningEffectCount == 1)
        #expect(!kept.isFinished)
        second.tearDown()
        await kept.finish()
        first.tearDown()
    }

    @MainActor @Test func aTornDownStoreRunsNoEffectAndCancelsNothingElse() async {
        let store = Store(
            state: Timeline(), environment: TimelineEnvironment(clock: TestClock()),
            update: Timeline.update)
        store.tearDown()
        let task = store.send(.start("a", cancelInFlight: false))
        #expect(task.isFinished)
        #expect(store.runningEffectCount == 0)
        store.send(.cancel("a"))
        #expect(store.state.log.isEmpty)
    }
}

@MainActor
@Suite struct TimingTests {
    @Test(arguments: TestedStore.allCases)
    func debounceRestartedAtTheLastInstantFiresOnceForTheLatest(_ tested: TestedStore) {
        let store = makeTimelineStore(testing: tested)
        store.send(.search("a"))
        store.advance(by: .milliseconds(299))
        store.send(.search("ab"))  // one millisecond before "a" would have fired
        store.advance(by: .milliseconds(299))
        #expect(store.receivedActions.isEmpty)
        store.advance(by: .milliseconds(1))
        store.receive(.fired("search ab")) { $0.log = ["search ab"] }
        store.advance(by: .seconds(1))
    }

    @Test(arguments: TestedStore.allCases) func debounceCanBeCancelled(_ tested: TestedStore) {
        let store = makeTimelineStore(testing: tested)
        store.send(.search("a"))
        store.send(.cancel("search"))
        store.advance(by: .seconds(1))
        #expect(store.runningEffectCount == 0)
    }

    @Test(arguments: TestedStore.allCases) func throttleFiresLeadingAndTrailingWithTheLatest(
        _ tested: TestedStore
    ) {
        let store = makeTimelineStore(testing: tested)
        store.send(.throttled("1", latest: true))
        store.receive(.fired("1")) { $0.log = ["1"] }  // leading, at 0
        store.advance(by: .milliseconds(200))
        store.send(.throttled("2", latest: true))
        store.advance(by: .milliseconds(300))
        store.send(.throttled("3", latest: true))
        store.advance(by: .milliseconds(499))
        #expect(store.receivedActions.isEmpty)
        store.advance(by: .milliseconds(1))  // the window closes at 1 s
        store.receive(.fired("3")) { $0.log = ["1", "3"] }  // trailing, the latest
        store.advance(by: .milliseconds(200))
        store.send(.throttled("4", latest: true))  // inside the window opened at 1 s
        store.advance(by: .milliseconds(800))
        store.receive(.fired("4")) { $0.log = ["1", "3", "4"] }
        store.advance(by: .milliseconds(1500))  // a quiet window: nothing
        store.send(.throttled("5", latest: true))
        store.receive(.fired("5")) { $0.log = ["1", "3", "4", "5"] }  // leading again
    }

    @Test(arguments: TestedStore.allCases) func throttleWithoutLatestKeepsTheFirstOfTheWindow(
        _ tested: TestedStore
    ) {
        let store = makeTimelineStore(testing: tested)
        store.send(.throttled("1", latest: false))
        store.receive(.fired("1")) { $0.log = ["1"] }
        store.send(.throttled("2", latest: false))
        store.send(.throttled("3", latest: false))
        store.advance(by: .seconds(1))
        store.receive(.fired("2")) { $0.log = ["1", "2"] }
        store.advance(by: .seconds(1))
    }

    @Test(arguments: TestedStore.allCases)
    func throttleWithoutTrailingDropsWhatComesInsideTheWindow(_ tested: TestedStore) {
        let store = makeTimelineStore(testing: tested)
        store.send(.throttledLeading("1"))
        store.receive(.fired("1")) { $0.log = ["1"] }  // leading, at 0
        store.advance(by: .milliseconds(200))
        store.send(.throttledLeading("2"))  // dropped
        store.advance(by: .milliseconds(799))
        store.send(.throttledLeading("3"))  // dropped
        store.advance(by: .milliseconds(1))  // the window closes at 1 s: nothing trails
        #expect(store.receivedActions.isEmpty)
        #expect(store.runningEffectCount == 0)
        store.send(.throttledLeading("4"))  // a new window
        store.receive(.fired("4")) { $0.log = ["1", "4"] }
    }

    @Test(arguments: TestedStore.allCases)
    func cancellingTheThrottleIdCancelsAPendingTrailingEffect(_ tested: TestedStore) {
        let store = makeTimelineStore(testing: tested)
        store.send(.throttled("1", latest: true))
        store.receive(.fired("1")) { $0.log = ["1"] }
        store.send(.throttled("2", latest: true))
        #expect(store.runningEffectCount == 1)
        store.send(.cancel("throttle"))
        #expect(store.runningEffectCount == 0)
        store.advance(by: .seconds(2))
    }

    @Test(arguments: TestedStore.allCases) func delayWaitsOnTheClock(_ tested: TestedStore) {
        let store = makeTimelineStore(testing: tested)
        store.send(.delayed("x"))
        store.advance(by: .milliseconds(499))
        #expect(store.receivedActions.isEmpty)
        store.advance(by: .milliseconds(1))
        store.receive(.fired("x")) { $0.log = ["x"] }
    }

    @Test(arguments: TestedStore.allCases) func aTimerTicksUntilCancelledMidTick(
        _ tested: TestedStore
    ) {
        let store = makeTimelineStore(testing: tested)
        store.send(.startTimer)
        store.advance(by: .milliseconds(2500))
        store.receive(.tick(1)) { $0.log = ["tick 1"] }
        store.receive(.tick(2)) { $0.log = ["tick 1", "tick 2"] }
        store.send(.stopTimer)  // halfway to the third tick
        store.advance(by: .seconds(10))
        #expect(store.receivedActions.isEmpty)
        #expect(store.runningEffectCount == 0)
    }

    @Test(arguments: TestedStore.allCases)
    func restartingATimerWithCancelInFlightStartsItsCountAgain(_ tested: TestedStore) {
        let store = makeTimelineStore(testing: tested)
        store.send(.startTimer)
        store.advance(by: .seconds(1))
        store.receive(.tick(1)) { $0.log = ["tick 1"] }
        store.advance(by: .milliseconds(500))
        store.send(.startTimer)
        store.advance(by: .seconds(1))
        store.receive(.tick(1)) { $0.log = ["tick 1", "tick 1"] }
        store.send(.stopTimer)
    }

    @Test(arguments: TestedStore.allCases) func timeoutSendsTheFallbackForASlowEffect(
        _ tested: TestedStore
    ) {
        let store = makeTimelineStore(testing: tested)
        store.send(.slow(.seconds(5)))
        store.receive(.fired("slow started")) { $0.log = ["slow started"] }
        store.advance(by: .milliseconds(999))
        #expect(store.receivedActions.isEmpty)
        store.advance(by: .milliseconds(1))
        store.receive(.fired("timed out")) { $0.log = ["slow started", "timed out"] }
        store.advance(by: .seconds(10))
    }

    @Test(arguments: TestedStore.allCases) func timeoutLetsAFastEffectFinish(_ tested: TestedStore)
    {
        let store = makeTimelineStore(testing: tested)
        store.send(.slow(.milliseconds(400)))
        store.receive(.fired("slow started")) { $0.log = ["slow started"] }
        store.advance(by: .milliseconds(400))
        store.receive(.fired("slow finished")) { $0.log = ["slow started", "slow finished"] }
        store.advance(by: .seconds(2))
        #expect(store.receivedActions.isEmpty)
    }
}

@MainActor
@Suite struct FilteringTests {
    @Test(arguments: TestedStore.allCases) func filterAndCompactMapDropActions(
        _ tested: TestedStore
    ) {
        let store = makeTimelineStore(testing: tested)
        store.send(.numbers)
        store.receive(.number(2)) { $0.log = ["number 2"] }
        store.receive(.number(4)) { $0.log = ["number 2", "number 4"] }
        store.receive(.number(6)) { $0.log = ["number 2", "number 4", "number 6"] }
        store.receive(.item("5")) { $0.log.append("item 5") }
        store.receive(.item("6")) { $0.log.append("item 6") }
    }

    @Test func filterOfSynchronousActions() async throws {
        let effect = Effect<Int>.send(contentsOf: [1, 2, 3]).filter { $0 != 2 }
        var values: [Int] = []
        for try await value in effect { values.append(value) }
        #expect(values == [1, 3])
    }

    @Test(arguments: TestedStore.allCases) func followedByDeliversActionsAfterTheUpdate(
        _ tested: TestedStore
    ) {
        let update = Update<Timeline, TimelineAction>(state: Timeline())
            .followed(by: .fired("a"), .fired("b"))
        let spec = UpdateSpec(
            environment: TimelineEnvironment(clock: TestClock()), update: Timeline.update)
        spec.given(Timeline()).when(.delayed("z")).then(Timeline(), effects: [.fired("z")])
        let store = TestStore(
            state: update.state, environment: TimelineEnvironment(clock: TestClock()),
            update: { state, environment, action in
                action == .cancelEverything
                    ? Update(state: state).followed(by: .fired("a"), .fired("b"))
                    : Timeline.update(state: state, environment: environment, action: action)
            }, testing: tested)
        store.send(.cancelEverything)
        store.receive(.fired("a")) { $0.log = ["a"] }
        store.receive(.fired("b")) { $0.log = ["a", "b"] }
    }
}
