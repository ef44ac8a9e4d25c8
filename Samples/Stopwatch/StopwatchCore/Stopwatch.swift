import Substate

/// A stopwatch: start, stop, lap and reset, counted by a timer on the environment's clock.
public struct Stopwatch: Program, Codable, Equatable, Sendable {
    /// Whether it is running.
    public var isRunning = false
    /// The time counted, in whole ticks.
    public var elapsed = Duration.zero
    /// The time of each lap, since the lap before.
    public var laps: [Duration] = []
    /// When the last lap ended.
    public var lastLap = Duration.zero

    /// A stopwatch at zero.
    public init() {}

    /// What happens to a stopwatch.
    public enum Action: Codable, Equatable, Sendable {
        /// Starts counting.
        case start
        /// Stops counting; the time stays.
        case stop
        /// Ends a lap; nothing while the stopwatch is stopped.
        case lap
        /// Back to zero, stopped, without laps.
        case reset
        /// One tick of the timer.
        case tick
    }

    /// What a stopwatch needs: a clock and a tick.
    public struct Environment: Sendable {
        /// The clock the timer runs on.
        public var clock: any Clock<Duration>
        /// How often the timer ticks.
        public var tick: Duration

        /// An environment.
        /// - Parameters:
        ///   - clock: The clock the timer runs on.
        ///   - tick: How often it ticks.
        public init(clock: any Clock<Duration>, tick: Duration = .milliseconds(100)) {
            self.clock = clock
            self.tick = tick
        }
    }

    /// The id of the timer's effect.
    static let timerID = "stopwatch.timer"

    /// The stopwatch's update.
    public static func update(
        state: consuming Stopwatch, environment: Environment, action: Action
    ) -> Update<Stopwatch, Action> {
        switch action {
        case .start:
            guard !state.isRunning else { return Update(state: state) }
            state.isRunning = true
            return Update(state: state, effect: timer(environment))
        case .stop:
            state.isRunning = false
            return Update(state: state, effect: .cancel(id: timerID))
        case .lap:
            // A lap is a stretch of running time: a stopped stopwatch has none to end.
            guard state.isRunning else { return Update(state: state) }
            state.laps.append(state.elapsed - state.lastLap)
            state.lastLap = state.elapsed
            return Update(state: state)
        case .reset:
            state = Stopwatch()
            return Update(state: state, effect: .cancel(id: timerID))
        case .tick:
            state.elapsed += environment.tick
            return Update(state: state)
        }
    }

    private static func timer(_ environment: Environment) -> Effect<Action> {
        func ticks<C: Clock>(_ clock: C) -> Effect<Action> where C.Duration == Duration {
            Effect<Int>.timer(every: environment.tick, clock: clock).map { _ in .tick }
        }
        return ticks(environment.clock).cancellable(id: timerID, cancelInFlight: true)
    }
}

extension Duration {
    /// Seconds with one decimal: `1.3 s`.
    public var stopwatchText: String {
        let tenths = Int(
            (Double(components.seconds) * 10 + Double(components.attoseconds) / 1e17).rounded())
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
