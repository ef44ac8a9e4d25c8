import Substate
import SubstateTesting
import Synchronization
import Testing

@MainActor
@Suite struct TestStoreTests {
    @Test(arguments: TestedStore.allCases) func debounceIsTestedToTheMillisecond(
        _ tested: TestedStore
    ) {
        let store = makeSearchStore(testing: tested)
        store.send(.queryChanged("sw")) {
            $0.query = "sw"
            $0.generation = 1
        }
        store.advance(by: .milliseconds(100))
        store.send(.queryChanged("swift")) {
            $0.query = "swift"
            $0.generation = 2
        }
        store.advance(by: .milliseconds(299))
        store.receive(.debounced(generation: 1))  // the stale one: no change
        #expect(store.receivedActions.isEmpty)
        store.advance(by: .milliseconds(1))
        store.receive(.debounced(generation: 2)) { $0.isSearching = true }
        store.receive(.results(["swift", "swift!"])) {
            $0.isSearching = false
            $0.results = ["swift", "swift!"]
        }
    }

    @Test(arguments: TestedStore.allCases) func synchronousEffectActionsAreReceivedInOrder(
        _ tested: TestedStore
    ) {
        let store = makeSearchStore(testing: tested)
        store.send(.sendTwo)
        store.receive(.tick) { $0.generation = 1 }
        store.receive(.tick) { $0.generation = 2 }
    }

    @Test(arguments: TestedStore.allCases) func caughtErrorsBecomeActions(_ tested: TestedStore) {
        let store = makeSearchStore(testing: tested)
        store.send(.fail)
        store.receive(.failed("search failed")) { $0.results = ["search failed"] }
    }

    @Test(arguments: TestedStore.allCases) func receiveWherePredicate(_ tested: TestedStore) {
        let store = makeSearchStore(testing: tested)
        store.send(.sendTwo)
        store.receive(where: { $0 == .tick }) { $0.generation = 1 }
        store.receive(where: { if case .tick = $0 { true } else { false } }) {
            $0.generation = 2
        }
    }

    @Test(arguments: TestedStore.allCases) func cancellingATaskEndsItsEffect(_ tested: TestedStore)
    {
        let store = makeSearchStore(testing: tested)
        let poll = store.send(.pollTwice)
        store.advance(by: .seconds(1))
        store.receive(.tick) { $0.generation = 1 }
        #expect(poll.isRunning)
        poll.cancel()
        #expect(!poll.isRunning)
        store.advance(by: .seconds(5))
        #expect(store.receivedActions.isEmpty)
    }

    @Test(arguments: TestedStore.allCases) func aWrongStateFailsWithADiffAtTheCallersLine(
        _ tested: TestedStore
    ) {
        let store = makeSearchStore(testing: tested)
        let line = #line + 3
        withKnownIssue {
            store.send(.sendTwo)
            store.receive(.tick) { $0.generation = 5 }
            store.receive(.tick) { $0.generation = 2 }
        } matching: { issue in
            let text = String(describing: issue)
            return issue.sourceLocation?.line == line && text.contains("-   generation: 5")
                && text.contains("+   generation: 1")
        }
    }

    @Test(arguments: TestedStore.allCases) func aClosureThatExpectsAChangeFailsWhenNothingChanged(
        _ tested: TestedStore
    ) {
        let store = makeSearchStore(testing: tested)
        store.send(.sendTwo)
        store.receive(.tick) { $0.generation = 1 }
        withKnownIssue {
            store.receive(.tick) { $0.generation = 1 }  // state goes to 2: a diff
        } matching: {
            String(describing: $0).contains("generation: 2")
        }
        withKnownIssue {
            store.send(.debounced(generation: 99)) { _ in }
        } matching: {
            String(describing: $0).contains("expects a change")
        }
    }

    @Test(arguments: TestedStore.allCases) func anUnassertedChangeFails(_ tested: TestedStore) {
        let store = makeSearchStore(testing: tested)
        withKnownIssue {
            store.send(.tick)
        } matching: {
            String(describing: $0).contains("+   generation: 1")
        }
    }

    @Test(arguments: TestedStore.allCases) func receivingTheWrongActionFails(_ tested: TestedStore)
    {
        let store = makeSearchStore(testing: tested)
        store.send(.sendTwo)
        withKnownIssue {
            store.receive(.results([])) { $0.generation = 1 }
        } matching: {
            String(describing: $0).contains("unexpected action")
        }
        store.skipReceivedActions()
    }

    @Test(arguments: TestedStore.allCases) func receivingWhenNothingArrivedNamesTheSleepingEffect(
        _ tested: TestedStore
    ) {
        let store = makeSearchStore(testing: tested)
        store.send(.pollTwice)
        withKnownIssue {
            store.receive(.tick)
        } matching: {
            String(describing: $0).contains("asleep on a test clock")
        }
        store.skipInFlightEffects()
    }

    @Test(arguments: TestedStore.allCases) func sendingAfterFinishFailsAndItsEffectIsStillReported(
        _ tested: TestedStore
    ) {
        let sendLine = #line + 6
        let seen = Mutex<[String]>([])
        withKnownIssue {
            do {
                let store = makeSearchStore(testing: tested)
                store.finish()
                store.send(.pollTwice)
            }  // released: the effect the late send started is still running
        } matching: { issue in
            let text = String(describing: issue)
            guard issue.sourceLocation?.line == sendLine else { return false }
            if text.contains("after finish()") { seen.withLock { $0.append("late send") } }
            if text.contains("still running") { seen.withLock { $0.append("running") } }
            return true
        }
        #expect(seen.withLock { $0 } == ["late send", "running"])
    }

    @Test(arguments: TestedStore.allCases)
    func unassertedActionsAndRunningEffectsFailAtTheSendThatStartedThem(_ tested: TestedStore) {
        let pollLine = #line + 5
        let sendLine = #line + 5
        let seen = Mutex<[String]>([])
        withKnownIssue {
            let store = makeSearchStore(testing: tested)
            store.send(.pollTwice)
            store.send(.sendTwo)
            store.finish()
        } matching: { issue in
            let line = issue.sourceLocation?.line
            let text = String(describing: issue)
            if line == sendLine && text.contains("did not assert") {
                seen.withLock { $0.append("unasserted") }
                return true
            }
            if line == pollLine && text.contains("still running") {
                seen.withLock { $0.append("running") }
                return true
            }
            return false
        }
        // Both failures were reported, not just one of them.
        #expect(seen.withLock { Set($0) } == ["unasserted", "running"])
    }

    @Test(arguments: TestedStore.allCases) func aStoreThatGoesAwayChecksExhaustion(
        _ tested: TestedStore
    ) {
        withKnownIssue {
            _ = {
                let store = makeSearchStore(testing: tested)
                store.send(.pollTwice)
            }()
        } matching: {
            String(describing: $0).contains("still running")
        }
    }

    @Test(arguments: TestedStore.allCases) func skippingMakesTheTestPass(_ tested: TestedStore) {
        let store = makeSearchStore(testing: tested)
        store.send(.pollTwice)
        store.send(.sendTwo)
        withKnownIssue {
            store.send(.tick) { $0.generation = 3 }  // two ticks were not received first
        } matching: {
            String(describing: $0).contains("not asserted")
        }
        store.skipReceivedActions()
        store.skipInFlightEffects()
        #expect(store.runningEffectCount == 0)
    }

    @Test(arguments: TestedStore.allCases) func nonExhaustiveModeChecksOnlyWhatIsAsserted(
        _ tested: TestedStore
    ) {
        let store = makeSearchStore(testing: tested)
        store.exhaustivity = .off
        store.send(.queryChanged("a"))
        store.send(.queryChanged("ab")) { $0.query = "ab" }
        store.advance(by: .milliseconds(300))
        store.receive(.results(["ab", "ab!"])) { $0.results = ["ab", "ab!"] }
        store.send(.pollTwice)
    }

    @Test(arguments: TestedStore.allCases) func nonExhaustiveModeStillFailsOnAWrongAssertion(
        _ tested: TestedStore
    ) {
        let store = makeSearchStore(testing: tested)
        store.exhaustivity = .off
        withKnownIssue {
            store.send(.queryChanged("a")) { $0.query = "b" }
        } matching: {
            String(describing: $0).contains("query")
        }
        store.skipInFlightEffects()
    }

    @Test(arguments: TestedStore.allCases) func runClocksRunsEverySleeperToTheEnd(
        _ tested: TestedStore
    ) {
        let clock = TestClock()
        let store = makeSearchStore(clock: clock, testing: tested)
        store.send(.pollTwice)
        store.runClocks()
        store.receive(.tick) { $0.generation = 1 }
        store.receive(.tick) { $0.generation = 2 }
        #expect(clock.now == TestClock.Instant(offset: .seconds(2)))
    }
}
