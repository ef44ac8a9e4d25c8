import Substate

/// A countdown: the state, its actions, its environment and its pure update function.
struct Countdown: Program, Equatable, Sendable {
    var remaining: Int
    var isRunning = false
    var hasLaunched = false
}

enum CountdownAction: Sendable {
    case start
    case tick
    case launch
}

/// What the countdown needs from the outside world: a clock and how long a tick lasts.
struct CountdownEnvironment: Sendable {
    var clock: any Clock<Duration>
    var interval: Duration
}

extension Countdown {
    static func update(
        state: consuming Countdown,
        environment: CountdownEnvironment,
        action: CountdownAction
    ) -> Update<Countdown, CountdownAction> {
        switch action {
        case .start:
            guard !state.isRunning, !state.hasLaunched else { return Update(state: state) }
            guard state.remaining > 0 else {
                state.hasLaunched = true  // nothing to count down: lift off at once
                return Update(state: state)
            }
            state.isRunning = true
            let ticks = state.remaining
            return Update(
                state: state,
                effect: .run { send in
                    for _ in 0..<ticks {
                        try await environment.clock.sleep(for: environment.interval)
                        await send(.tick)
                    }
                }
            )
        case .tick:
            state.remaining -= 1
            guard state.remaining == 0 else { return Update(state: state) }
            state.isRunning = false
            return Update(state: state, effect: .send(.launch))
        case .launch:
            state.hasLaunched = true
            return Update(state: state)
        }
    }
}

extension Countdown: CustomStringConvertible {
    var description: String {
        if hasLaunched { return "Liftoff!" }
        return isRunning || remaining == 0 ? "\(remaining)…" : "Ready: \(remaining)"
    }
}
