import Substate
import Testing

@MainActor
@Suite struct StoreSequenceTests {
    @Test func statesYieldsEachCommittedStateInOrder() async {
        let store = makeLogStore()
        let states = store.states
        store.send(.increment)
        store.send(.append("a"))
        await store.send(.echo(["b"])).finish()
        var seen: [Log] = []
        for await state in states {
            seen.append(state)
            if seen.count == 4 { break }
        }
        #expect(
            seen == [
                Log(entries: [], count: 1), Log(entries: ["a"], count: 1),
                Log(entries: ["a"], count: 1), Log(entries: ["a", "b"], count: 1),
            ]
        )
    }

    @Test func actionsYieldsSentAndEffectActionsInOrder() async {
        let store = makeLogStore()
        let actions = store.actions
        await store.send(.echo(["x", "y"])).finish()
        store.send(.increment)
        var seen: [LogAction] = []
        for await action in actions {
            seen.append(action)
            if seen.count == 4 { break }
        }
        #expect(seen == [.echo(["x", "y"]), .append("x"), .append("y"), .increment])
    }

    @Test func sequencesEndWhenTheStoreIsTornDown() async {
        let store = makeLogStore()
        let states = store.states
        let actions = store.actions
        store.send(.increment)
        store.tearDown()
        store.send(.increment)
        var stateCount = 0
        for await _ in states { stateCount += 1 }
        var actionCount = 0
        for await _ in actions { actionCount += 1 }
        #expect(stateCount == 1)
        #expect(actionCount == 1)
    }

    @Test func aSequenceCreatedAfterTearDownIsEmpty() async {
        let store = makeLogStore()
        store.tearDown()
        var count = 0
        for await _ in store.states { count += 1 }
        #expect(count == 0)
    }

    @Test func sequencesEndWhenTheStoreGoesAway() async {
        var states: StoreSequence<Log>?
        do {
            let store = makeLogStore()
            states = store.states
            store.send(.increment)
        }
        var count = 0
        if let states {
            for await _ in states { count += 1 }
        }
        #expect(count == 1)
    }
}
