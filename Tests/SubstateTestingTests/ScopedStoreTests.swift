import Observation
import Substate
import SubstateTesting
import Testing

/// Counts how often an observation fired.
final class Wakeups: @unchecked Sendable {
    private let lock = Locked(0)
    var count: Int { lock.withLock { $0 } }
    func fire() { lock.withLock { $0 += 1 } }
}

@MainActor
@Suite struct ScopedStoreTests {
    func makeStore() -> Store<TodoApp, TodoAppAction, TestClock> {
        Store(
            state: TodoApp(rows: [TodoRow(id: "a"), TodoRow(id: "b")], details: TodoRow(id: "d")),
            environment: TestClock(), update: TodoApp.update)
    }

    func rowScope(_ store: Store<TodoApp, TodoAppAction, TestClock>, _ id: String)
        -> ScopedStore<TodoRow, TodoRowAction>?
    {
        store.scope(at: .element(id: id, in: \TodoApp.rows), as: { .row(id: id, $0) })
    }

    func observe<S, A>(_ scope: ScopedStore<S, A>) -> Wakeups {
        let wakeups = Wakeups()
        withObservationTracking {
            _ = scope.state
        } onChange: {
            wakeups.fire()
        }
        return wakeups
    }

    @Test func aScopeReadsItsPartAndSendsThroughTheTag() {
        let store = makeStore()
        let row = rowScope(store, "b")
        #expect(row?.state == TodoRow(id: "b"))
        row?.send(.toggle)
        #expect(store.state.rows[1].isDone)
        #expect(row?.state.isDone == true)
    }

    @Test func onlyTheChangedRowsObserversWake() {
        let store = makeStore()
        guard let first = rowScope(store, "a"), let second = rowScope(store, "b") else {
            Issue.record("rows are missing")
            return
        }
        let firstWakeups = observe(first)
        let secondWakeups = observe(second)
        second.send(.toggle)
        #expect(firstWakeups.count == 0)
        #expect(secondWakeups.count == 1)
        store.send(.news(.viewed))  // another part of the state
        #expect(firstWakeups.count == 0)
    }

    @Test func aNoOpChangeDoesNotWakeTheScope() {
        let store = makeStore()
        let news = store.scope(at: Lens(\TodoApp.news), as: TodoAppAction.news)
        let wakeups = observe(news)
        store.send(.row(id: "ghost", .toggle))  // no such row: the state does not change
        #expect(wakeups.count == 0)
        news.send(.viewed)
        #expect(wakeups.count == 1)
        #expect(news.state.views == 1)
    }

    @Test func aScopeWhosePartDisappearsIsDetached() {
        let store = makeStore()
        guard let row = rowScope(store, "a") else {
            Issue.record("row a is missing")
            return
        }
        row.send(.toggle)
        store.send(.delete("a"))
        #expect(row.isDetached)
        #expect(row.state == TodoRow(id: "a", isDone: true))  // the last state stays
        let task = row.send(.toggle)
        #expect(task.isFinished)
        #expect(store.state.rows.map(\.id) == ["b"])
        #expect(rowScope(store, "a") == nil)
    }

    @Test func scopesOfScopesAndOptionalChildren() {
        let store = makeStore()
        let details = store.scope(
            at: OptionalLens(\TodoApp.details), as: TodoAppAction.details)
        let reminders = details?.scope(
            at: Lens(\TodoRow.reminders), as: { (_: Never) -> TodoRowAction in })
        details?.send(.toggle)
        #expect(details?.state.isDone == true)
        store.send(.closeDetails)
        #expect(details?.isDetached == true)
        #expect(reminders?.isDetached == true)
    }

    @Test func forwardSendsWrappedActions() {
        let store = makeStore()
        let sendNews = store.forward(TodoAppAction.news)
        sendNews(.viewed)
        sendNews(.viewed)
        #expect(store.state.news.views == 2)
        let row = rowScope(store, "b")
        let sendRow = row?.forward { (action: TodoRowAction) in action }
        sendRow?(.toggle)
        #expect(store.state.rows[1].isDone)
    }
}
