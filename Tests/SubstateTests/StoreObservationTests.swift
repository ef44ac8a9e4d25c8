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

/// Counts every notification of what `read` reads: it observes again inside each change
/// handler, so a second notification in the same send is counted too (a one-shot
/// `withObservationTracking` would hide it).
@MainActor
final class Notifications {
    private(set) var count = 0
    private let read: @MainActor () -> Void

    init(reading read: @escaping @MainActor () -> Void) {
        self.read = read
        arm()
    }

    private func arm() {
        withObservationTracking {
            read()
        } onChange: { [weak self] in
            MainActor.assumeIsolated {
                self?.count += 1
                self?.arm()
            }
        }
    }
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

    @Test func anObserverThatStartsAfterUnwatchedSendsIsTold() {
        // Sends that nobody watches skip the registrar; the first read arms it again.
        let store = makeLogStore()
        store.send(.increment)
        store.send(.increment)
        let fired = observe(store)
        store.send(.increment)
        #expect(fired.value == 1)
        store.send(.increment)
        #expect(fired.value == 1)  // told once; it did not read again
        let again = observe(store)
        store.send(.increment)
        #expect(again.value == 1)
        #expect(store.state.count == 5)
    }

    @Test func everyObserverOfOneReadIsTold() {
        let store = makeLogStore()
        let first = observe(store)
        let second = observe(store)
        _ = store.state  // a read outside any observation arms nothing more
        store.send(.increment)
        #expect(first.value == 1)
        #expect(second.value == 1)
    }

    @Test func theCounterSeesEveryNotification() {
        // What makes the next test able to fail: two sends are two notifications.
        let store = makeLogStore()
        let notifications = Notifications { _ = store.state }
        store.send(.increment)
        store.send(.increment)
        #expect(notifications.count == 2)
    }

    @Test func anObserverIsToldOncePerSendEvenWithQueuedActions() {
        let store = makeLogStore()
        let notifications = Notifications { _ = store.state }
        store.send(.sendThenEcho("x"))  // the update, then its synchronous action
        #expect(notifications.count == 1)
        #expect(store.state.entries == ["sync x"])
        // An action sent from an observer is queued and processed in the same send too.
        var sentFromObserver = false
        let echoing = Notifications {
            _ = store.state
        }
        withObservationTracking {
            _ = store.state
        } onChange: {
            MainActor.assumeIsolated {
                guard !sentFromObserver else { return }
                sentFromObserver = true
                store.send(.append("from an observer"))
            }
        }
        store.send(.increment)
        #expect(store.state.entries == ["sync x", "from an observer"])
        #expect(echoing.count == 2)
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
