import Substate
import SubstateTesting
import Testing

/// A counter with a timer, and bugs to plant by its environment's flags.
struct Meter: Program, Equatable, Sendable {
    var count = 0
    var isTicking = false

    enum Action: Equatable, Sendable {
        case add(Int)
        case reset
        case start
        case stop
        case tick
        case spin
    }

    struct Environment: Sendable {
        var clock: TestClock
        /// The bug: `stop` forgets to cancel the timer.
        var stopLeaksTimer = false
        /// The bug: `reset` sets the count to 1.
        var resetToOne = false
    }

    static func update(state: consuming Meter, environment: Environment, action: Action)
        -> Update<Meter, Action>
    {
        switch action {
        case .add(let amount):
            state.count += amount
        case .reset:
            state.count = environment.resetToOne ? 1 : 0
        case .start:
            guard !state.isTicking else { break }
            state.isTicking = true
            return Update(
                state: state,
                effect: Effect<Int>.timer(every: .seconds(1), clock: environment.clock)
                    .map { _ in .tick }.cancellable(id: "timer"))
        case .stop:
            state.isTicking = false
            if !environment.stopLeaksTimer {
                return Update(state: state, effect: .cancel(id: "timer"))
            }
        case .tick:
            state.count += 1
        case .spin:
            // An effect that never waits on anything: it keeps the scheduler busy.
            return Update(
                state: state,
                effect: .run { _ in
                    while !Task.isCancelled { await Task.yield() }
                })
        }
        return Update(state: state)
    }
}

@MainActor
@Suite struct ProgramCheckTests {
    func check(
        stopLeaksTimer: Bool = false, resetToOne: Bool = false,
        actions: @escaping (Meter) -> Gen<Meter.Action> = { state in
            Gen.oneOf(
                Gen.int(in: 0...40).map(Meter.Action.add), .constant(.reset),
                state.isTicking ? .constant(.stop) : .constant(.start))
        }
    ) -> ProgramCheck<Meter> {
        let check = ProgramCheck(
            state: Meter(),
            environment: {
                Meter.Environment(
                    clock: TestClock(), stopLeaksTimer: stopLeaksTimer, resetToOne: resetToOne)
            },
            program: Meter.self, actions: actions)
        check.recordingsDirectory = nil
        return check
    }

    @Test func aProgramThatKeepsItsInvariantsPasses() {
        var environments = 0
        let check = ProgramCheck(
            state: Meter(),
            environment: {
                environments += 1
                return Meter.Environment(clock: TestClock())
            },
            program: Meter.self
        ) { _ in Gen.int(in: 0...3).map(Meter.Action.add) }
        check.invariant("the count never goes down") { $0.count >= 0 }
        #expect(check.run(seed: 5, sequences: 20, steps: 10) == nil)
        #expect(environments == 20, "a new environment for every sequence")
    }

    @Test func payloadsShrinkToTheSmallestThatStillFails() throws {
        let check = check()
        check.invariant("the count stays under 50") { $0.count < 50 }
        let failure = try #require(check.firstFailure(seed: 1, sequences: 50, steps: 20))
        #expect(failure.property == "invariant \"the count stays under 50\"")
        // One step that adds exactly 50, or the least steps and amounts that get there: the
        // largest single amount is 40, so two adds (10 and 40, the first as small as it can be).
        #expect(failure.steps.map(\.swift) == [".send(.add(10))", ".send(.add(40))"])
        #expect(failure.stateAfter.count == 50)
    }

    @Test func timingBugsAreFoundWithClockMoves() throws {
        let check = check()
        check.invariant("a stopped tally does not tick") { _ in true }
        check.model(
            (count: 0, ticking: false, sinceStart: Duration.zero),
            next: { model, step in
                switch step {
                case .send(.add(let amount)): model.count += amount
                case .send(.reset): model.count = 0
                case .send(.start) where !model.ticking:
                    model.ticking = true
                    model.sinceStart = .zero
                case .send(.stop): model.ticking = false
                case .advance(let duration) where model.ticking:
                    let before = Int(model.sinceStart / .seconds(1))
                    model.sinceStart += duration
                    model.count += Int(model.sinceStart / .seconds(1)) - before
                default: break
                }
            },
            agrees: { model, state in model.count == state.count })
        #expect(check.firstFailure(seed: 2, sequences: 40) == nil, "the model is right")

        let leaky = self.check(stopLeaksTimer: true)
        leaky.runningEffects(atMost: { $0.isTicking ? 1 : 0 })
        let failure = try #require(leaky.firstFailure(seed: 2, sequences: 40))
        #expect(failure.property == "running effects")
        #expect(failure.steps.map(\.swift) == [".send(.start)", ".send(.stop)"])
    }

    @Test func aModelThatDisagreesIsReportedWithTheModel() throws {
        let check = check(resetToOne: true)
        check.model(
            0,
            next: { count, step in
                switch step {
                case .send(.add(let amount)): count += amount
                case .send(.reset): count = 0
                default: break
                }
            }, agrees: { count, state in state.isTicking || count == state.count })
        let failure = try #require(check.firstFailure(seed: 3, sequences: 40))
        #expect(failure.property == "the model")
        #expect(failure.steps.map(\.swift) == [".send(.reset)"])
        #expect(failure.message == "The state does not agree with the model.\nThe model:\n0")
    }

    @Test func effectsThatNeverStopAreAFailure() throws {
        let check = check { _ in Gen.oneOf(.constant(.add(1)), .constant(.spin)) }
        check.jobLimit = 1_000
        let failure = try #require(check.firstFailure(seed: 4, sequences: 10, steps: 5))
        #expect(failure.property == "effects that never stop")
        #expect(failure.steps.map(\.swift) == [".send(.spin)"])
    }

    @Test func theStoresMiddlewareIsCheckedWithTheProgram() throws {
        let check = check { _ in Gen.int(in: 0...12).map(Meter.Action.add) }
        check.invariant("the count stays under 50") { $0.count < 50 }
        var made = 0
        check.storeMiddleware = {
            made += 1
            // Amounts over 9 never reach the update.
            return [
                .intercept { action, _ in
                    if case .add(let amount) = action, amount > 9 { return .drop }
                    return .forward
                }
            ]
        }
        let failure = try #require(check.firstFailure(seed: 1, sequences: 50, steps: 30))
        #expect(
            failure.steps.map(\.swift)
                == [".send(.add(5))"] + Array(repeating: ".send(.add(9))", count: 5),
            "six adds, none over 9")
        #expect(made > failure.shrinkPlays, "a new middleware for every sequence played")
    }

    @Test func runReportsTheFailureAtItsLineWithTheSequenceAsSwift() {
        let check = check()
        check.invariant("the count stays under 50") { $0.count < 50 }
        var failure: CheckFailure<Meter, Meter.Action>?
        let runLine = #line + 2
        withKnownIssue {
            failure = check.run(seed: 1, sequences: 50, steps: 20)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return issue.sourceLocation?.line == runLine
                && text.contains("The invariant \"the count stays under 50\" fails.")
                && text.contains("with seed 1;")
                && text.contains("    check.replay([\n        .send(.add(10)),\n")
                && text.contains("-   count: 10,\n+   count: 50,")
        }
        #expect(failure != nil)
    }
}
