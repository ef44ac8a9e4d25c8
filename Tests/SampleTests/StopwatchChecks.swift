import StopwatchCore
import Substate
import SubstateTesting
import Testing

/// Random presses of the stopwatch's buttons and random waits: it counts exactly the time
/// it ran, in whole ticks, its laps add up, and its timer runs exactly while it does.
@MainActor
@Suite struct StopwatchChecks {
    static let tick = Duration.milliseconds(100)

    /// The time counted: the whole ticks of each stretch of running.
    struct Model {
        var isRunning = false
        var counted = Duration.zero
        var stretch = Duration.zero
    }

    static func check() -> ProgramCheck<Stopwatch> {
        let check = ProgramCheck(
            state: Stopwatch(),
            environment: { Stopwatch.Environment(clock: TestClock(), tick: tick) },
            program: Stopwatch.self
        ) { _ in Gen<Stopwatch.Action>.element(of: [.start, .stop, .lap, .reset]) }
        check.advances = .duration(upTo: .milliseconds(450), step: .milliseconds(10))
        check.invariant("the laps add up to the last lap's end") { watch in
            watch.laps.reduce(.zero, +) == watch.lastLap
        }
        check.invariant("the last lap ends before now") { $0.lastLap <= $0.elapsed }
        check.runningEffects(atMost: { $0.isRunning ? 1 : 0 })
        check.model(
            Model(),
            next: { model, step in
                switch step {
                case .send(.start) where !model.isRunning:
                    model.isRunning = true
                    model.stretch = .zero
                case .send(.stop): model.isRunning = false
                case .send(.reset): model = Model()
                case .advance(let duration) where model.isRunning:
                    let before = Int(model.stretch / tick)
                    model.stretch += duration
                    model.counted += tick * (Int(model.stretch / tick) - before)
                default: break
                }
            },
            agrees: { model, watch in
                watch.elapsed == model.counted && watch.isRunning == model.isRunning
            })
        return check
    }

    @Test func randomPressesAndWaitsCountTheTimeRun() {
        Self.check().run(seed: 1, sequences: 100, steps: 30)
    }
}
