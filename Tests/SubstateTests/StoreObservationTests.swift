import Observation
import Substate
import Synchronization
import Testing

/// Counts how often an observation fired; `withObservationTracking` fires at most once.
final class Fired: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func fire() { count.withLock { $0 += 1 } }
}

@MainActor
@Suite struct StoreObservationTests {
    private func observe(_ store: Store<Log, LogAction, Void>) -> Fired {
        let fired = Fired()
        withObservationTracking {
            _ = store.state
        } onChange: {
            fired.fire()
        }
        return fired
    }

    @Test func anObserverOfStateIsToldWhenAnActionIsProcessed() {
        let store = makeLogStore()
        let fired = observe(store)
        store.send(.increment)
        #expect(fired.value == 1)
    }

    @Test func anObserverIsToldOncePerSendEvenWithQueuedActions() {
        let store = makeLogStore()
        let fired = observe(store)
        store.send(.sendThenEcho("x"))  // the update, then its synchronous action
        #expect(fired.value == 1)
        #expect(store.state.entries == ["sync x"])
    }

    @Test func anObserverIsToldWhenAnEffectDeliversActions() async {
        let store = makeLogStore()
        let task = store.send(.echo(["later"]))
        let fired = observe(store)
        await task.finish()
        #expect(fired.value == 1)
    }

    @Test func anEffectThatEndsWithoutActionsDoesNotNotify() async {
        let store = makeLogStore()
        let task = store.send(.silentEffect)
        let fired = observe(store)
        await task.finish()
        #expect(fired.value == 0)
    }

    @Test func aSendAfterTearDownDoesNotNotify() {
        let store = makeLogStore()
        store.tearDown()
        let fired = observe(store)
        store.send(.increment)
        #expect(fired.value == 0)
        #expect(store.state.count == 0)
    }
}
