import Observation
import Substate
import Testing

@MainActor
@Suite struct StoreTests {
    @Test func sendRunsTheUpdateBeforeReturning() {
        let store = makeLogStore()
        store.send(.increment)
        store.send(.append("a"))
        #expect(store.state == Log(entries: ["a"], count: 1))
    }

    @Test func sameActionsGiveTheSameStateAsApplyingThem() async {
        let actions: [LogAction] = [.increment, .append("x"), .chain(depth: 3), .increment]
        let store = makeLogStore()
        for action in actions { await store.send(action).finish() }
        let applied = Update.applying(actions, to: Log(), environment: (), update: Log.update)
        // `.chain` adds its follow-ups through an effect, which `applying` only collects.
        var expected = applied.state
        for depth in (0..<3).reversed() { expected.entries.append("chain \(depth)") }
        #expect(store.state == expected)
    }

    @Test func synchronousEffectActionsAreProcessedBeforeSendReturns() async {
        let store = makeLogStore()
        let task = store.send(.sendThenEcho("x"))
        #expect(store.state.entries == ["sync x"])
        await task.finish()
        #expect(store.state.entries == ["sync x", "async x"])
    }

    @Test func anObserverSeesTheCommittedStateAndItsSendsAreQueued() {
        let store = makeLogStore()
        var seenByObserver: [[String]] = []
        withObservationTracking {
            _ = store.state
        } onChange: {
            MainActor.assumeIsolated {
                // Observers are told after the commit, while the send is still running:
                // these sends wait for it to end.
                store.send(.append("from observer 1"))
                store.send(.append("from observer 2"))
                seenByObserver.append(store.state.entries)
            }
        }
        store.send(.append("first"))
        #expect(seenByObserver == [["first"]])
        #expect(store.state.entries == ["first", "from observer 1", "from observer 2"])
    }

    @Test func theHandleOfAQueuedSendWaitsForItsEffects() async {
        let store = makeLogStore()
        var queued: StoreTask?
        withObservationTracking {
            _ = store.state
        } onChange: {
            MainActor.assumeIsolated {
                queued = store.send(.echo(["queued effect"]))
            }
        }
        store.send(.increment)
        #expect(queued?.isFinished == false)
        await queued?.finish()
        #expect(store.state.entries == ["queued effect"])
    }

    @Test func createStartsTheInitialEffect() async {
        let store = Store(
            create: Update(
                state: Log(),
                effect: .merge(.send(.increment), .run { send in await send(.append("start")) })
            ),
            environment: (),
            update: Log.update
        )
        #expect(store.state.count == 1)
        await store.finishEffects()
        #expect(store.state.entries == ["start"])
        #expect(store.runningEffectCount == 0)
    }

    @Test func createWithoutAnEffectIsJustTheState() {
        let store = Store(create: Update(state: Log(count: 5)), environment: (), update: Log.update)
        #expect(store.state.count == 5)
    }
}
