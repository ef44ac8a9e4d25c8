import Substate
import Synchronization
import Testing

/// How many of an effect's sends have returned, counted by the effect itself.
private final class SendCount: Sendable {
    let value = Atomic<Int>(0)
}

/// A program whose `flood` effect sends `count` actions as fast as it can.
private enum Flood {
    enum Action: Sendable {
        case flood(Int)
        case got(Int)
    }

    static func update(state: consuming [Int], environment: SendCount, action: Action) -> Update<
        [Int], Action
    > {
        switch action {
        case .flood(let count):
            return Update(
                state: state,
                effect: .run { send in
                    for number in 0..<count {
                        await send(.got(number))
                        environment.value.add(1, ordering: .relaxed)
                    }
                })
        case .got(let number):
            state.append(number)
            return Update(state: state)
        }
    }
}

@MainActor
@Suite struct BackpressureTests {
    @Test func aProducerWaitsForRoomWhileTheStoreIsBusyAndThenDeliversEverything() async {
        let sent = SendCount()
        let store = Store(state: [Int](), environment: sent, update: Flood.update)
        let task = store.send(.flood(10_000))
        // This test keeps the main actor busy without suspending, so nothing drains the
        // store's inbox: the effect's sends must stop once it holds its capacity (4,096
        // undelivered actions), however long the main actor stays busy.
        let clock = ContinuousClock()
        // A guard, not a wait: the effect starts as soon as a thread of the pool is free, which
        // under the thread sanitizer, beside the other tests, took more than 30 seconds once.
        let deadline = clock.now.advanced(by: .seconds(120))
        while sent.value.load(ordering: .relaxed) < 4_095, clock.now < deadline {}
        #expect(sent.value.load(ordering: .relaxed) >= 4_095, "the effect did not get going")
        let busyUntil = clock.now.advanced(by: .milliseconds(50))
        while clock.now < busyUntil {}
        #expect(sent.value.load(ordering: .relaxed) <= 4_096)
        // Once the main actor drains, the producer goes on, and nothing is lost or reordered.
        await task.finish()
        #expect(sent.value.load(ordering: .relaxed) == 10_000)
        #expect(store.state == Array(0..<10_000))
    }
}
