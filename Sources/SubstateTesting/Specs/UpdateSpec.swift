import Substate

/// Given/when/then specifications of an update function, checked without a store.
///
/// An update function is pure, so the most direct test gives it a state and some actions and
/// looks at what comes out: the state, and the actions its effects produce.
///
/// ```swift
/// @Suite struct CounterSpecs {
///     // In the suite: a spec is not `Sendable`, so a global `let spec` does not compile in
///     // Swift 6.
///     let spec = UpdateSpec(environment: CounterEnvironment(clock: TestClock()),
///                           program: Counter.self)
///
///     @Test func incrementTwice() {
///         spec.given(Counter(count: 1))
///             .when(.increment, .increment)
///             .then(Counter(count: 3))
///     }
///
///     @Test func refreshLoads() {
///         spec.given(Counter())
///             .when(.refresh)
///             .then(Counter(isLoading: true), effects: [.loaded(42)])
///     }
/// }
/// ```
///
/// `when` applies the actions in order and runs the merged effect on a ``TestScheduler``,
/// running the ``TestClock``s of the environment to the end, so that timed effects complete.
/// The actions effects produce are collected, not fed back into the update function: a spec
/// checks one step. Use ``TestStore`` to follow a feature over many steps.
public struct UpdateSpec<State: Equatable & Sendable, Action: Sendable, Environment> {
    /// The signature of the update function under test.
    public typealias UpdateFunction = (consuming State, Environment, Action) -> Update<
        State, Action
    >

    let environment: Environment
    let update: UpdateFunction

    /// Creates a specification of a `Program` in an environment.
    /// - Parameters:
    ///   - environment: The environment the update function and its effects receive.
    ///   - program: The program under test: `Counter.self`.
    public init<P: Program>(environment: Environment, program: P.Type)
    where P.State == State, P.Action == Action, P.Environment == Environment {
        self.init(environment: environment, update: P._updateFunction)
    }

    /// Creates a specification of a `Program` whose environment is `Void`.
    /// - Parameter program: The program under test: `Counter.self`.
    public init<P: Program>(program: P.Type)
    where P.State == State, P.Action == Action, P.Environment == Void, Environment == Void {
        self.init(environment: (), update: P._updateFunction)
    }

    /// Creates a specification of an update function that is a closure, in an environment
    /// (see ``init(environment:program:)`` for a program).
    /// - Parameters:
    ///   - environment: The environment the update function and its effects receive.
    ///   - update: The update function under test.
    public init(environment: Environment, update: @escaping UpdateFunction) {
        self.environment = environment
        self.update = update
    }

    /// Starts a specification from a state.
    /// - Parameter state: The state before the actions.
    /// - Returns: A ``Given``, to say which actions happen.
    public func given(_ state: State) -> Given {
        Given(spec: self, state: state)
    }

    /// A state to start from.
    public struct Given {
        let spec: UpdateSpec
        let state: State

        /// Applies actions to the state, in order, and runs their effects.
        /// - Parameter actions: The actions.
        /// - Returns: A ``When`` with the outcome, to check with `then`.
        public func when(_ actions: Action...) -> When {
            when(actions)
        }

        /// Applies actions to the state, in order, and runs their effects.
        /// - Parameter actions: The actions.
        /// - Returns: A ``When`` with the outcome, to check with `then`.
        public func when(_ actions: [Action]) -> When {
            let update = Update.applying(
                actions, to: state, environment: spec.environment, update: spec.update)
            let scheduler = TestScheduler()
            let clocks = TestClock.find(in: spec.environment)
            for clock in clocks { clock.attach(scheduler) }
            // The effect runs on the stores' runtime, on a scheduler of its own; its actions
            // are collected, not processed.
            let collector = EffectCollector<Action>(executor: scheduler, wakeUp: .manual)
            let runtime = collector.runtime
            var effectActions: [Action] = []
            var errors: [String] = []
            func collect() -> Int {
                let collected = collector.takeCollected()
                for result in collected {
                    switch result {
                    case .success(let action): effectActions.append(action)
                    case .failure(let error): errors.append(String(describing: error))
                    }
                }
                return collected.count
            }
            collector.start(update.effect)
            _ = collect()
            scheduler.whenIdle {
                let delivered = runtime.drain()
                let count = collect()
                return delivered ? max(1, count) : 0
            }
            scheduler.run()
            for clock in clocks { clock.run(maximumSteps: 100_000) }
            scheduler.run()
            let finished = runtime.outstanding.isFinished
            if !finished {
                runtime.close()
                scheduler.run()
            }
            return When(
                state: update.state, effectActions: effectActions, errors: errors,
                effectsFinished: finished)
        }
    }

    /// The outcome of applying actions: the state, and what the effects did.
    public struct When {
        /// The state after the actions.
        public let state: State
        /// The actions the effects produced, in the order produced.
        public let effectActions: [Action]
        /// Errors that the effects threw and did not handle, described.
        public let errors: [String]
        /// Whether the effects ended. An effect that waits for something no test double
        /// provides (or sleeps in a loop) does not; it is cancelled.
        public let effectsFinished: Bool

        /// Checks the state, and that the effects ended without an unhandled error.
        /// - Parameters:
        ///   - expected: The state the actions should lead to.
        ///   - fileID: Where to report failures (filled in for you).
        ///   - filePath: Where to report failures (filled in for you).
        ///   - line: Where to report failures (filled in for you).
        ///   - column: Where to report failures (filled in for you).
        public func then(
            _ expected: State,
            fileID: StaticString = #fileID,
            filePath: StaticString = #filePath,
            line: UInt = #line,
            column: UInt = #column
        ) {
            let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
            if expected != state {
                fail(
                    "The state is not the expected state (- expected, + actual):\n"
                        + (Diff.values(expected, state) ?? "(the states differ but dump the same)"),
                    at: location
                )
            }
            for error in errors {
                fail("An effect threw an error that no handler caught: \(error)", at: location)
            }
            if !effectsFinished {
                fail(
                    "The effects did not end: they wait for something the environment does not "
                        + "provide, or sleep forever. They were cancelled.",
                    at: location
                )
            }
        }
    }
}

extension UpdateSpec.When where Action: Equatable {
    /// Checks the state, and the actions the effects produced, in order.
    /// - Parameters:
    ///   - expected: The state the actions should lead to.
    ///   - effects: The actions the effects should produce, in order.
    ///   - fileID: Where to report failures (filled in for you).
    ///   - filePath: Where to report failures (filled in for you).
    ///   - line: Where to report failures (filled in for you).
    ///   - column: Where to report failures (filled in for you).
    public func then(
        _ expected: State,
        effects: [Action],
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        then(expected, fileID: fileID, filePath: filePath, line: line, column: column)
        if effects != effectActions {
            fail(
                "The effects produced other actions (- expected, + actual):\n"
                    + (Diff.values(effects, effectActions) ?? ""),
                at: Location(fileID: fileID, filePath: filePath, line: line, column: column)
            )
        }
    }
}
