import Substate
import Testing

@MainActor
@Suite struct StoreSequenceTests {
    /// A state supersedes the ones before it: a reader that falls behind gets the newest
    /// state, and the sequence keeps no other.
    @Test func aReaderThatFallsBehindGetsTheNewestStateOnly() async {
        let store = makeLogStore()
        let states = store.states
        store.send(.increment)
        store.send(.append("a"))
        await store.send(.echo(["b"])).finish()
        var iterator = states.makeAsyncIterator()
        #expect(await iterator.next() == Log(entries: ["a", "b"], count: 1))
        for index in 0..<1_000 { store.send(.append("\(index)")) }
        store.tearDown()
        #expect(await iterator.next()?.entries.count == 1_002)
        #expect(await iterator.next() == nil)
    }

    /// Actions are kept up to 10,000 unread: a reader that falls further behind misses the
    /// oldest, and memory stays bounded.
    @Test func aReaderThatFallsFarBehindMissesTheOldestActions() async {
        let store = makeLogStore()
        let actions = store.actions
        for index in 0..<10_005 { store.send(.append("\(index)")) }
        store.tearDown()
        var seen: [LogAction] = []
        for await action in actions { seen.append(action) }
        #expect(seen.count == 10_000)
        #expect(seen.first == .append("5"))
        #expect(seen.last == .append("10004"))
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
