import Substate

extension ProgramCheck {
    /// What failed after a step.
    struct Violation {
        /// The property that failed: the same one must fail for a shrunk sequence to count.
        var property: String
        /// What was wrong, for the report.
        var message: String
        var before: State
        var after: State
    }

    /// A sequence as played: its steps, the choices they were made from, and what failed.
    struct Played {
        var steps: [CheckStep<Action>] = []
        /// The choices drawn, up to the end of the failing step.
        var choices: [UInt64] = []
        /// Where each step's choices start in `choices`.
        var starts: [Int] = []
        var violation: Violation?

        /// Whether this is a simpler sequence than `other`: fewer steps, then fewer choices,
        /// then smaller ones, first to last.
        func isSimpler(than other: Played) -> Bool {
            if steps.count != other.steps.count { return steps.count < other.steps.count }
            if choices.count != other.choices.count { return choices.count < other.choices.count }
            return choices.lexicographicallyPrecedes(other.choices)
        }
    }

    /// Plays one sequence through a new store: at most `steps` steps, fewer when replayed
    /// choices run out or a step fails.
    /// - Parameters:
    ///   - choices: Where the steps come from.
    ///   - steps: The most steps to play.
    ///   - middleware: Makes middleware for the store from the sequence's test clocks (a
    ///     recorder).
    func play(
        _ choices: inout Choices, steps limit: Int,
        middleware: ([TestClock]) -> [Middleware<State, Action>] = { _ in [] }
    ) -> Played {
        var played = Played()
        let advanceShare = UInt64(min(4, max(0, advancesInFour)))
        played.violation = play(middleware: middleware) { state, canAdvance in
            guard played.steps.count < limit, !choices.isExhausted else { return nil }
            played.starts.append(choices.drawn.count)
            let step: CheckStep<Action>
            if canAdvance, let advances, advanceShare > 0,
                choices.draw(below: 4) >= 4 - advanceShare
            {
                step = .advance(advances.generate(&choices))
            } else {
                step = .send(actions(state).generate(&choices))
            }
            played.steps.append(step)
            played.choices = choices.drawn
            return step
        }
        return played
    }

    /// Plays steps through a new store of the program, on a test scheduler, checking every
    /// property after each; stops at the first that fails.
    /// - Parameters:
    ///   - middleware: Makes middleware for the store from its test clocks.
    ///   - next: The next step for a state (and whether there are clocks to move), or `nil`
    ///     to stop.
    /// - Returns: What failed, if anything.
    func play(
        middleware: ([TestClock]) -> [Middleware<State, Action>],
        next: (State, _ canAdvance: Bool) -> CheckStep<Action>?
    ) -> Violation? {
        let environment = makeEnvironment()
        let clocks = TestClock.find(in: environment)
        let scheduler = TestScheduler()
        scheduler.jobLimit = jobLimit
        let store = Store(
            state: initialState, environment: environment, update: P._updateFunction,
            middleware: storeMiddleware() + middleware(clocks), executor: scheduler)
        for clock in clocks { clock.attach(scheduler) }
        scheduler.whenIdle { [weak store] in
            MainActor.assumeIsolated { store?.drainInbox() == true ? 1 : 0 }
        }
        defer {
            store.cancelEffects()
            scheduler.run()
            store.tearDown()
        }
        let model = makeModel?()
        while true {
            let before = store.state
            guard let step = next(before, !clocks.isEmpty) else { return nil }
            switch step {
            case .send(let action): _ = store.send(action)
            case .advance(let duration): for clock in clocks { clock.advance(by: duration) }
            }
            scheduler.run()
            if let violation = violation(
                after: step, before: before, store: store, scheduler: scheduler, model: model)
            {
                return violation
            }
        }
    }

    /// The first invariant that does not hold after a step, if any.
    func brokenInvariant(before: State, after: State) -> Violation? {
        guard let invariant = invariants.first(where: { !$0.holds(after) }) else { return nil }
        return Violation(
            property: "invariant \"\(invariant.name)\"",
            message: "The invariant \"\(invariant.name)\" fails.", before: before, after: after)
    }

    /// The first property that fails after a step, if any.
    private func violation(
        after step: CheckStep<Action>, before: State, store: Store<State, Action, P.Environment>,
        scheduler: TestScheduler, model: ((CheckStep<Action>, State) -> String?)?
    ) -> Violation? {
        let after = store.state
        func violation(_ property: String, _ message: String) -> Violation {
            Violation(property: property, message: message, before: before, after: after)
        }
        if scheduler.reachedJobLimit {
            return violation(
                "effects that never stop",
                "Effects kept the scheduler busy for \(scheduler.jobLimit) steps of work "
                    + "without waiting on a clock.")
        }
        if let broken = brokenInvariant(before: before, after: after) { return broken }
        if let effectLimit {
            let limit = effectLimit(after)
            let running = store.runningEffectCount
            if running > limit {
                return violation(
                    "running effects",
                    "\(running) effects are running where the state allows at most \(limit).")
            }
        }
        if let model, let message = model(step, after) {
            return violation("the model", message)
        }
        return nil
    }
}
