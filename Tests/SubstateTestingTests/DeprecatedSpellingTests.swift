import Substate
import SubstateTesting
import Testing

// The spellings renamed by the one-spelling change keep working for one release. These tests
// call them on purpose (from deprecated code, so that the build stays free of warnings).

/// The board's update written with the old `child` spellings.
@available(*, deprecated, message: "exercises the old spellings")
private func oldUpdate(
    state: consuming Workbench, environment: WorkbenchEnvironment, action: Workbench.Action
)
    -> Update<Workbench, Workbench.Action>
{
    switch action {
    case .tally(let action):
        return .child(
            action, state: state, lens: Lens(\.tally), tag: Workbench.Action.tally,
            environment: (), update: Score.update)
    case .row(let id, let action):
        return .child(
            action, state: state, lens: .element(id: id, in: \.rows),
            tag: { .row(id: id, $0) }, environment: (), update: Score.update)
    case .echo(let action):
        return .child(
            action, state: state, lens: Lens(\.echo), tag: Workbench.Action.echo,
            environment: environment, program: Echo.self)
    case .listRow(let id, let action):
        return .child(
            action, state: state, lens: .element(id: id, in: \.list),
            tag: { .listRow(id: id, $0) }, environment: (), program: Score.self)
    default:
        return Workbench.update(state: state, environment: environment, action: action)
    }
}

@MainActor @Suite struct DeprecatedSpellingTests {
    @available(*, deprecated, message: "exercises the old spellings")
    @Test func theOldChildSpellingsStillRoute() {
        let store = TestStore(
            state: Workbench(), environment: WorkbenchEnvironment(clock: TestClock()),
            update: oldUpdate)
        store.send(.tally(.add(1))) { $0.tally.count = 1 }
        store.send(.row(id: 1, .add(2))) { $0.rows[id: 1]?.count = 2 }
        store.send(.listRow(id: 2, .add(3))) { $0.list[1].count = 3 }
        store.send(.echo(.say("a")))
        store.advance(by: .seconds(1))
        store.receive(.echo(.heard("a"))) { $0.echo.heard = ["a"] }
    }

    @available(*, deprecated, message: "exercises the old spellings")
    @Test func theOldScopeAndBindingSpellingsStillWork() {
        let store = Store(
            state: Workbench(), environment: WorkbenchEnvironment(clock: TestClock()),
            program: Workbench.self)
        let tally = store.scope(state: Lens(\.tally), action: Workbench.Action.tally)
        let row = store.scope(state: .element(id: 2, in: \.rows), action: { .row(id: 2, $0) })
        tally.send(.add(4))
        row?.send(.add(5))
        #expect(store.state.tally.count == 4)
        #expect(store.state.rows[id: 2]?.count == 5)
        let count = tally.stateBinding(\.count, send: { .add($0) })
        count.value = 10
        #expect(store.state.tally.count == 14)
        let nested = tally.scope(state: Lens(\.count), action: { Score.Action.add($0) })
        nested.send(1)
        #expect(store.state.tally.count == 15)
        store.tearDown()
    }
}
