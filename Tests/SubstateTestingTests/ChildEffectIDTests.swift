import Substate
import SubstateTesting
import Testing

/// A worker whose job takes a second on the clock, under the id "work": started, restarted
/// (cancel-in-flight) and stopped by id; its pings are throttled under the id "ping".
struct Worker: Equatable, Sendable, Identifiable {
    var id: Int
    var finished = 0
    var pings = 0
}

enum WorkerAction: Equatable, Sendable {
    case start
    case stop
    /// Stops the job after half a second: a cancellation met inside a running task.
    case stopLater
    case finished
    case ping
    case pinged
}

extension Worker {
    static func update(
        state: consuming Worker, environment: TestClock, action: WorkerAction
    ) -> Update<Worker, WorkerAction> {
        switch action {
        case .start:
            return Update(
                state: state,
                effect: .run { send in
                    try await environment.sleep(for: .seconds(1))
                    await send(.finished)
                }
                .cancellable(id: "work", cancelInFlight: true))
        case .stop:
            return Update(state: state, effect: .cancel(id: "work"))
        case .stopLater:
            return Update(
                state: state,
                effect: .concatenate(
                    .run { _ in try await environment.sleep(for: .milliseconds(500)) },
                    .cancel(id: "work")))
        case .finished:
            state.finished += 1
            return Update(state: state)
        case .ping:
            return Update(
                state: state,
                effect: .send(WorkerAction.pinged)
                    .throttle(id: "ping", for: .seconds(1), clock: environment, latest: true))
        case .pinged:
            state.pings += 1
            return Update(state: state)
        }
    }
}

/// Workers in a list, and a job of the pane's own under the same id as its workers'.
struct Pane: Equatable, Sendable, Identifiable {
    var id = 0
    var rows: [Worker] = []
    var finished = 0
}

enum PaneAction: Equatable, Sendable {
    case row(Int, WorkerAction)
    case stopRow(Int)
    case start
    case finished
}

extension Pane {
    static func update(
        state: consuming Pane, environment: TestClock, action: PaneAction
    ) -> Update<Pane, PaneAction> {
        switch action {
        case .row(let id, let action):
            return .child(
                action, in: state, at: .element(id: id, in: \.rows), as: { .row(id, $0) },
                environment: environment, update: Worker.update)
        case .stopRow(let id):
            return Update(
                state: state, effect: .cancelEffects(of: .element(id: id, in: \Pane.rows)))
        case .start:
            return Update(
                state: state,
                effect: .run { send in
                    try await environment.sleep(for: .seconds(1))
                    await send(.finished)
                }
                .cancellable(id: "work", cancelInFlight: true))
        case .finished:
            state.finished += 1
            return Update(state: state)
        }
    }
}

/// Two workers of one type in two cases of an enum.
enum Screen: Equatable, Sendable {
    case first(Worker)
    case second(Worker)

    static let firstLens = OptionalLens<Screen, Worker>.case(
        Screen.first, extract: { if case .first(let worker) = $0 { worker } else { nil } })
    static let secondLens = OptionalLens<Screen, Worker>.case(
        Screen.second, extract: { if case .second(let worker) = $0 { worker } else { nil } })
}

/// Two panes side by side, a list of panes (lists in a list), and an enum of workers.
struct Desk: Equatable, Sendable {
    var left = Pane()
    var right = Pane()
    var shelves: [Pane] = []
    var screen = Screen.first(Worker(id: 1))
}

enum DeskAction: Equatable, Sendable {
    case left(PaneAction)
    case right(PaneAction)
    case shelf(Int, PaneAction)
    case first(WorkerAction)
    case second(WorkerAction)
    case stopFirst
    case stopSecond
    case stopLeftRow(Int)
}

extension Desk {
    static func update(
        state: consuming Desk, environment: TestClock, action: DeskAction
    ) -> Update<Desk, DeskAction> {
        switch action {
        case .left(let action):
            return .child(
                action, in: state, at: Lens(\.left), as: DeskAction.left,
                environment: environment, update: Pane.update)
        case .right(let action):
            return .child(
                action, in: state, at: Lens(\.right), as: DeskAction.right,
                environment: environment, update: Pane.update)
        case .shelf(let id, let action):
            return .child(
                action, in: state, at: .element(id: id, in: \.shelves),
                as: { .shelf(id, $0) }, environment: environment, update: Pane.update)
        case .first(let action):
            return .child(
                action, in: state, at: Lens(\.screen).appending(Screen.firstLens),
                as: DeskAction.first, environment: environment, update: Worker.update)
        case .second(let action):
            return .child(
                action, in: state, at: Lens(\.screen).appending(Screen.secondLens),
                as: DeskAction.second, environment: environment, update: Worker.update)
        case .stopFirst:
            return Update(
                state: state,
                effect: .cancelEffects(of: Lens(\Desk.screen).appending(Screen.firstLens)))
        case .stopSecond:
            return Update(
                state: state,
                effect: .cancelEffects(of: Lens(\Desk.screen).appending(Screen.secondLens)))
        case .stopLeftRow(let id):
            // The same child as the left pane's `.stopRow`, named from the root.
            let row = Lens(\Desk.left).appending(OptionalLens.element(id: id, in: \Pane.rows))
            return Update(state: state, effect: .cancelEffects(of: row))
        }
    }

    static func withTwoPanes() -> Desk {
        Desk(left: Pane(rows: [Worker(id: 1)]), right: Pane(rows: [Worker(id: 1)]))
    }
}

@MainActor
@Suite struct ChildEffectIDTests {
    func makeStore(_ state: Desk, testing tested: TestedStore) -> TestStore<
        Desk, DeskAction, TestClock
    > {
        TestStore(state: state, environment: TestClock(), update: Desk.update, testing: tested)
    }

    @Test(arguments: TestedStore.allCases) func cancellingARowOfOnePaneSparesTheSameRowOfTheOther(
        _ tested: TestedStore
    ) {
        let store = makeStore(.withTwoPanes(), testing: tested)
        store.send(.left(.row(1, .start)))
        store.send(.right(.row(1, .start)))
        store.send(.left(.stopRow(1)))
        #expect(store.runningEffectCount == 1)
        store.advance(by: .seconds(1))
        store.receive(.right(.row(1, .finished))) { $0.right.rows[0].finished = 1 }
    }

    @Test(arguments: TestedStore.allCases) func aRowNamedFromTheRootIsTheRowItsPaneNames(
        _ tested: TestedStore
    ) {
        let store = makeStore(.withTwoPanes(), testing: tested)
        store.send(.left(.row(1, .start)))
        store.send(.right(.row(1, .start)))
        store.send(.stopLeftRow(1))
        #expect(store.runningEffectCount == 1)
        store.advance(by: .seconds(1))
        store.receive(.right(.row(1, .finished))) { $0.right.rows[0].finished = 1 }
    }

    @Test(arguments: TestedStore.allCases) func idsInsideChildrenAreTheirOwn(_ tested: TestedStore)
    {
        let store = makeStore(.withTwoPanes(), testing: tested)
        store.send(.left(.start))
        store.send(.left(.row(1, .start)))
        store.send(.right(.row(1, .start)))
        // Cancel-in-flight of "work" in the left row restarts that row's job alone: not the
        // right row's, nor the left pane's own job under the same id.
        store.send(.left(.row(1, .start)))
        #expect(store.runningEffectCount == 3)
        // `.cancel(id: "work")` in the right row stops that row's job alone.
        store.send(.right(.row(1, .stop)))
        #expect(store.runningEffectCount == 2)
        store.advance(by: .seconds(1))
        store.receive(.left(.finished)) { $0.left.finished = 1 }
        store.receive(.left(.row(1, .finished))) { $0.left.rows[0].finished = 1 }
    }

    @Test(arguments: TestedStore.allCases) func aCancellationInsideARunningTaskStaysInItsChild(
        _ tested: TestedStore
    ) {
        let store = makeStore(.withTwoPanes(), testing: tested)
        store.send(.left(.row(1, .start)))
        store.send(.right(.row(1, .start)))
        store.send(.right(.row(1, .stopLater)))
        #expect(store.runningEffectCount == 3)
        store.advance(by: .milliseconds(500))
        // The right row's job is gone (and the task that cancelled it has ended); the left
        // row's job under the same id runs on.
        #expect(store.runningEffectCount == 1)
        store.advance(by: .milliseconds(500))
        store.receive(.left(.row(1, .finished))) { $0.left.rows[0].finished = 1 }
    }

    @Test(arguments: TestedStore.allCases) func throttlesWithOneIdInTwoChildrenAreIndependent(
        _ tested: TestedStore
    ) {
        let store = makeStore(.withTwoPanes(), testing: tested)
        store.send(.left(.row(1, .ping)))
        store.receive(.left(.row(1, .pinged))) { $0.left.rows[0].pings = 1 }
        // Inside the left row's window, but the right row's throttle has a window of its own.
        store.send(.right(.row(1, .ping)))
        store.receive(.right(.row(1, .pinged))) { $0.right.rows[0].pings = 1 }
        store.send(.left(.row(1, .ping)))
        #expect(store.receivedActions.isEmpty)
        store.advance(by: .seconds(1))
        store.receive(.left(.row(1, .pinged))) { $0.left.rows[0].pings = 2 }
    }

    @Test(arguments: TestedStore.allCases) func rowsOfListsInAListAreTheirOwn(_ tested: TestedStore)
    {
        let store = makeStore(
            Desk(shelves: [Pane(id: 1, rows: [Worker(id: 1)]), Pane(id: 2, rows: [Worker(id: 1)])]),
            testing: tested
        )
        store.send(.shelf(1, .row(1, .start)))
        store.send(.shelf(2, .row(1, .start)))
        store.send(.shelf(1, .stopRow(1)))
        #expect(store.runningEffectCount == 1)
        // Restarting shelf 2's row does not touch shelf 1's (already stopped) nor vice versa.
        store.send(.shelf(1, .row(1, .start)))
        #expect(store.runningEffectCount == 2)
        store.advance(by: .seconds(1))
        store.receive(.shelf(2, .row(1, .finished))) { $0.shelves[1].rows[0].finished = 1 }
        store.receive(.shelf(1, .row(1, .finished))) { $0.shelves[0].rows[0].finished = 1 }
    }

    @Test(arguments: TestedStore.allCases)
    func cancellingOneCaseOfAnEnumSparesAnotherCaseWithTheSamePayloadType(_ tested: TestedStore) {
        let store = makeStore(Desk(), testing: tested)
        store.send(.first(.start))
        // The screen shows the first case: cancelling the second case's effects touches
        // nothing, although both cases hold a `Worker`.
        store.send(.stopSecond)
        #expect(store.runningEffectCount == 1)
        store.advance(by: .seconds(1))
        store.receive(.first(.finished)) { $0.screen = .first(Worker(id: 1, finished: 1)) }
        store.send(.first(.start))
        store.send(.stopFirst)
        #expect(store.runningEffectCount == 0)
        store.advance(by: .seconds(1))
    }
}

@MainActor
@Suite struct StoreChildEffectIDTests {
    @Test func aStoreKeepsTheRowsOfTwoPanesApart() async {
        let clock = TestClock()
        let store = Store(state: Desk.withTwoPanes(), environment: clock, update: Desk.update)
        let left = store.send(.left(.row(1, .start)))
        let right = store.send(.right(.row(1, .start)))
        store.send(.left(.stopRow(1)))
        await left.finish()
        #expect(store.runningEffectCount == 1)
        #expect(!right.isFinished)
        store.send(.right(.stopRow(1)))
        await right.finish()
        #expect(store.runningEffectCount == 0)
        #expect(store.state == Desk.withTwoPanes())
    }
}
