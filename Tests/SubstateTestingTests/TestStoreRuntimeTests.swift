import Foundation
import Substate
import SubstateTesting
import Synchronization
import Testing

/// Collects what a middleware saw, on the main actor.
@MainActor
final class Seen<Value> {
    var values: [Value] = []
}

/// An animation a test can recognise: it notifies inside, and records that it did.
struct Fade: UpdateAnimation, Equatable {
    var seconds: Double

    @MainActor func animate(_ notify: () -> Void) {
        notify()
    }
}

/// The workspace of `StateSaverTests`, with a test clock in its environment, so that a test
/// store finds the clock and a saver waits on it.
struct ClockedEnvironment: Sendable {
    var clock: TestClock
}

func clockedWorkspaceUpdate(
    state: consuming Workspace, environment: ClockedEnvironment, action: WorkspaceAction
) -> Update<Workspace, WorkspaceAction> {
    let update = Workspace.update(state: state, environment: (), action: action)
    guard case .resize(let size) = action else { return update }
    return update.animating(Fade(seconds: Double(size) / 10))
}

/// What the test store gets from driving a real store: an initial update, middleware, a
/// saver's timer, animations, a recorder's times and a time machine, all on the test
/// scheduler.
@MainActor
@Suite struct TestStoreRuntimeTests {
    @Test(arguments: TestedStore.allCases) func theEffectOfTheInitialUpdateIsReceived(
        _ tested: TestedStore
    ) {
        let store = TestStore(
            create: Update(state: Search(), effect: .send(.tick)),
            environment: SearchEnvironment(clock: TestClock()), update: Search.update,
            testing: tested)
        store.receive(.tick) { $0.generation = 1 }
    }

    @Test(arguments: TestedStore.allCases)
    func anInitialUpdatesAsynchronousEffectRunsOnTheTestClock(_ tested: TestedStore) {
        let clock = TestClock()
        let store = TestStore(
            create: Update(
                state: Search(),
                effect: .run { send in
                    try await clock.sleep(for: .seconds(2))
                    await send(.results(["ready"]))
                }),
            environment: SearchEnvironment(clock: clock), update: Search.update, testing: tested)
        #expect(store.runningEffectCount == 1)
        store.advance(by: .milliseconds(1999))
        #expect(store.receivedActions.isEmpty)
        store.advance(by: .milliseconds(1))
        store.receive(.results(["ready"])) { $0.results = ["ready"] }
        #expect(store.runningEffectCount == 0)
    }

    @Test(arguments: TestedStore.allCases) func anInitialEffectLeftRunningIsReportedAtTheStoresLine(
        _ tested: TestedStore
    ) {
        withKnownIssue {
            let clock = TestClock()  // never advanced: the effect sleeps until the end
            let store = TestStore(
                create: Update(
                    state: Search(),
                    effect: .run { _ in
                        try await clock.sleep(for: .seconds(3600))
                    }),
                environment: SearchEnvironment(clock: clock), update: Search.update, testing: tested
            )
            store.finish()
        } matching: {
            String(describing: $0).contains("the initial update is still running")
        }
    }

    @Test(arguments: TestedStore.allCases) func middlewareSeesSentAndReceivedActionsAsInAStore(
        _ tested: TestedStore
    ) {
        let seen = Seen<SearchAction>()
        let store = TestStore(
            state: Search(), environment: SearchEnvironment(clock: TestClock()),
            update: Search.update,
            middleware: [.observe { action, _ in seen.values.append(action) }], testing: tested)
        store.send(.queryChanged("sw")) {
            $0.query = "sw"
            $0.generation = 1
        }
        #expect(seen.values == [.queryChanged("sw")])
        store.advance(by: .milliseconds(300))
        store.receive(.debounced(generation: 1)) { $0.isSearching = true }
        store.receive(.results(["sw", "sw!"])) {
            $0.isSearching = false
            $0.results = ["sw", "sw!"]
        }
        #expect(
            seen.values == [
                .queryChanged("sw"), .debounced(generation: 1), .results(["sw", "sw!"]),
            ])
    }

    @Test(arguments: TestedStore.allCases) func anInterceptorShapesWhatTheTestSees(
        _ tested: TestedStore
    ) {
        // Every `tick` becomes two: the sent step is the interceptor's whole output.
        let store = TestStore(
            state: Search(), environment: SearchEnvironment(clock: TestClock()),
            update: Search.update,
            middleware: [
                .intercept { action, _ in
                    action == .tick ? .replace(with: [.tick, .tick]) : .forward
                }
            ], testing: tested)
        store.send(.tick) { $0.generation = 2 }
        store.send(.sendTwo)  // its two synchronous ticks become four
        store.receive(.tick) { $0.generation = 4 }
        store.receive(.tick) { $0.generation = 6 }
    }

    /// A test store whose saver waits on the environment's test clock, and no `executor:`.
    func makeSavingStore(in folder: Folder, timing: SaveTiming, testing tested: TestedStore) -> (
        StateSaver<Workspace, Preferences>,
        TestStore<Workspace, WorkspaceAction, ClockedEnvironment>
    ) {
        let clock = TestClock()
        let saver = StateSaver<Workspace, Preferences>(
            file: folder.file, at: Lens(\Workspace.preferences), version: 1, timing: timing,
            clock: clock)
        let store = TestStore(
            state: Workspace(), environment: ClockedEnvironment(clock: clock),
            update: clockedWorkspaceUpdate, middleware: [saver.middleware()], testing: tested)
        return (saver, store)
    }

    @Test(arguments: TestedStore.allCases)
    func aSaversDebounceWritesWhenTheTestClockPassesTheDeadline(_ tested: TestedStore) throws {
        let folder = Folder()
        let (saver, store) = makeSavingStore(
            in: folder, timing: .debounce(.seconds(1)), testing: tested)
        store.send(.rename("A")) { $0.preferences.title = "A" }
        store.advance(by: .milliseconds(999))
        #expect(saver.writeCount == 0)
        #expect(folder.contents() == nil)
        store.advance(by: .milliseconds(1))
        #expect(saver.writeCount == 1)
        #expect(folder.contents()?.contains(#""title":"A""#) == true)
        // The timer is not an effect: nothing is left running for the test to explain.
        #expect(store.runningEffectCount == 0)
    }

    @Test(arguments: TestedStore.allCases) func aSaversThrottleWritesOnTheTestClock(
        _ tested: TestedStore
    ) throws {
        let folder = Folder()
        let (saver, store) = makeSavingStore(
            in: folder, timing: .throttle(.seconds(1)), testing: tested)
        store.send(.rename("A")) { $0.preferences.title = "A" }
        store.advance(by: .milliseconds(400))
        store.send(.rename("B")) { $0.preferences.title = "B" }
        store.advance(by: .milliseconds(599))
        #expect(saver.writeCount == 0)
        store.advance(by: .milliseconds(1))
        #expect(saver.writeCount == 1)
        #expect(folder.contents()?.contains(#""title":"B""#) == true)
    }

    @Test(arguments: TestedStore.allCases) func anImmediateSaveIsWrittenBeforeTheSendReturns(
        _ tested: TestedStore
    ) throws {
        let folder = Folder()
        let (saver, store) = makeSavingStore(in: folder, timing: .immediate, testing: tested)
        store.send(.rename("A")) { $0.preferences.title = "A" }
        #expect(saver.writeCount == 1)
        #expect(folder.contents()?.contains(#""title":"A""#) == true)
        store.send(.scribble) { $0.scratch = 1 }
        #expect(saver.writeCount == 1)  // the part is as the file holds it
        #expect(store.runningEffectCount == 0)
    }

    @Test(arguments: TestedStore.allCases) func presentationsAreVisibleToTheTest(
        _ tested: TestedStore
    ) {
        let store = TestStore(
            state: Workspace(), environment: ClockedEnvironment(clock: TestClock()),
            update: clockedWorkspaceUpdate, testing: tested)
        store.send(.resize(5)) { $0.preferences.fontSize = 5 }
        #expect(store.lastAnimation as? Fade == Fade(seconds: 0.5))
        store.send(.rename("A")) { $0.preferences.title = "A" }
        #expect(store.lastAnimation == nil)
    }

    @Test(arguments: TestedStore.allCases)
    func aReceivedActionsPresentationIsVisibleWhenItIsReceived(_ tested: TestedStore) {
        let store = TestStore(
            create: Update(state: Workspace(), effect: .send(.resize(20))),
            environment: ClockedEnvironment(clock: TestClock()), update: clockedWorkspaceUpdate,
            testing: tested)
        store.receive(.resize(20)) { $0.preferences.fontSize = 20 }
        #expect(store.lastAnimation as? Fade == Fade(seconds: 2))
    }

    @Test(arguments: TestedStore.allCases) func aRecorderReadsTheTestClock(_ tested: TestedStore)
        throws
    {
        let folder = Folder()
        let url = folder.url.appendingPathComponent("session.jsonl")
        let clock = TestClock()
        let recorder = try Recorder<Notebook, NotebookAction>(
            file: url, initialState: Notebook(), clock: clock)
        let store = TestStore(
            state: Notebook(), environment: NotebookEnvironment(), update: Notebook.update,
            middleware: [recorder.middleware()], clocks: [clock], testing: tested)
        store.send(.add("milk")) { $0.notes = [Note(id: 1, text: "milk")] }
        store.advance(by: .milliseconds(1500))
        store.send(.save)
        store.receive(.saved) { $0.saved = 1 }
        let recording = try Recording<Notebook, NotebookAction>(contentsOf: url)
        #expect(recording.actions.map(\.action) == [.add("milk"), .save, .saved])
        #expect(recording.actions.map(\.time) == [0, 1.5, 1.5])
    }

    @Test func aTimeMachineTravelsThroughATestStore() {
        let store = TestStore(
            state: Workspace(), environment: ClockedEnvironment(clock: TestClock()),
            update: clockedWorkspaceUpdate)
        let machine = TimeMachine(store: store.store)
        store.send(.scribble) { $0.scratch = 1 }
        store.send(.scribble) { $0.scratch = 2 }
        machine.stepBack()
        #expect(store.state.scratch == 1)
        machine.returnToPresent()
        #expect(store.state.scratch == 2)
        store.send(.scribble) { $0.scratch = 3 }
    }

    @Test(arguments: TestedStore.allCases) func aTaskCancelsTheWorkOfItsSendTransitively(
        _ tested: TestedStore
    ) {
        let store = makeSearchStore(testing: tested)
        let task = store.send(.queryChanged("sw")) {
            $0.query = "sw"
            $0.generation = 1
        }
        #expect(task.isRunning)
        task.cancel()
        #expect(!task.isRunning)
        #expect(store.runningEffectCount == 0)
        store.advance(by: .seconds(1))
        #expect(store.receivedActions.isEmpty)
    }
}
