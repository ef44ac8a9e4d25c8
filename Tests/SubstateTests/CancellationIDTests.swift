import Substate
import Testing

/// A program whose effects wait until they are cancelled, under ids of several types.
struct Waiting: Equatable, Sendable {
    var ended = 0
}

enum WaitingKey: Equatable, Sendable {
    case int(Int)
    case int8(Int8)
    case string(String)
}

enum WaitingAction: Sendable {
    case start(WaitingKey, cancelInFlight: Bool)
    case cancel(WaitingKey)
    case ended
}

extension Waiting {
    static func update(
        state: consuming Waiting, environment: Void, action: WaitingAction
    ) -> Update<Waiting, WaitingAction> {
        switch action {
        case .start(let key, let cancelInFlight):
            let effect = Effect<WaitingAction>.run { send in
                let never = AsyncStream<Void> { _ in }
                for await _ in never {}
                await send(.ended)
            }
            switch key {
            case .int(let id):
                return Update(
                    state: state, effect: effect.cancellable(id: id, cancelInFlight: cancelInFlight)
                )
            case .int8(let id):
                return Update(
                    state: state, effect: effect.cancellable(id: id, cancelInFlight: cancelInFlight)
                )
            case .string(let id):
                return Update(
                    state: state, effect: effect.cancellable(id: id, cancelInFlight: cancelInFlight)
                )
            }
        case .cancel(.int(let id)):
            return Update(state: state, effect: .cancel(id: id))
        case .cancel(.int8(let id)):
            return Update(state: state, effect: .cancel(id: id))
        case .cancel(.string(let id)):
            return Update(state: state, effect: .cancel(id: id))
        case .ended:
            state.ended += 1
            return Update(state: state)
        }
    }
}

@MainActor
@Suite struct CancellationIDTests {
    @Test func idsOfDifferentTypesNeverMatch() async {
        let store = Store(state: Waiting(), environment: (), update: Waiting.update)
        let running = store.send(.start(.int(1), cancelInFlight: false))
        store.send(.cancel(.int8(1)))
        store.send(.cancel(.string("1")))
        #expect(store.runningEffectCount == 1)
        #expect(!running.isFinished)

        store.send(.cancel(.int(1)))
        await running.finish()
        #expect(store.runningEffectCount == 0)
        #expect(store.state.ended == 0)
    }

    @Test func restartingInABurstForgetsEveryCancelledEffect() async {
        let store = Store(state: Waiting(), environment: (), update: Waiting.update)
        let tasks = (0..<1_000).map { _ in store.send(.start(.int(7), cancelInFlight: true)) }
        // Each cancelled effect ends on its own task; the store forgets it without its
        // actions ever reaching the store.
        for task in tasks.dropLast() { await task.finish() }
        #expect(store.runningEffectCount == 1)
        #expect(tasks.last?.isFinished == false)

        store.send(.cancel(.int(7)))
        await store.finishEffects()
        #expect(store.runningEffectCount == 0)
        #expect(store.state.ended == 0)
    }
}
