import Substate
import SubstateTesting

/// `testclock.*` cases: the cost of deterministic effect tests.
enum TestingCases {
    struct Sleepers: Equatable, Sendable {
        var woken = 0
    }

    enum SleepersAction: Sendable {
        case start(count: Int)
        case woke
    }

    struct SleepersEnvironment: Sendable {
        var clock: TestClock
    }

    static func update(
        state: consuming Sleepers, environment: SleepersEnvironment, action: SleepersAction
    ) -> Update<Sleepers, SleepersAction> {
        switch action {
        case .start(let count):
            let clock = environment.clock
            return Update(
                state: state,
                effect: .merge(
                    (0..<count).map { index in
                        .run { send in
                            try await clock.sleep(for: .milliseconds(count - index))
                            await send(.woke)
                        }
                    })
            )
        case .woke:
            state.woken += 1
            return Update(state: state)
        }
    }

    /// 10,000 effects, each sleeping a different duration, run to completion on a
    /// `TestClock` through a `TestStore`. Returns nanoseconds per sleeper.
    @MainActor static func run(sleepers: Int, rounds: Int) -> Double {
        var best = Double.infinity
        for _ in 0..<rounds {
            let clock = TestClock()
            let store = TestStore(
                state: Sleepers(), environment: SleepersEnvironment(clock: clock),
                update: update)
            store.exhaustivity = .off
            let elapsed = time {
                store.send(.start(count: sleepers))
                store.runClocks()
            }
            precondition(store.state.woken == sleepers, "a sleeper did not wake")
            store.finish()
            best = min(best, elapsed / Double(sleepers))
        }
        return best
    }
}
