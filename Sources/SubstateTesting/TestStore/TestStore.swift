import Foundation
import Substate

/// A store for tests: it drives a real `Store` of the program, runs every effect on a
/// ``TestScheduler``, and checks each step against what the test expects.
///
/// ```swift
/// @MainActor @Test func searchIsDebounced() {
///     let clock = TestClock()
///     let store = TestStore(
///         state: Search(), environment: SearchEnvironment(clock: clock, api: .mock),
///         update: Search.update
///     )
///     store.send(.queryChanged("swift")) { $0.query = "swift" }
///     store.advance(by: .milliseconds(300))
///     store.receive(.results(["swift"])) { $0.results = ["swift"] }
/// }
/// ```
///
/// ## A real store underneath
/// The test store creates a `Store` with the same update function, environment and
/// middleware, and sends through it: the same code processes every action, starts, cancels
/// and ends every effect, runs the middleware and notifies observers, in tests and in the
/// app. The only difference is where effect tasks run: on the test store's ``scheduler``
/// instead of the global executor, so nothing runs until the test says so. ``store`` gives
/// it to code that needs a `Store`, such as a `TimeMachine` or a view under test.
///
/// A program that runs off the main actor is tested through the store it runs in:
/// `testing: .isolatedStore` (see ``TestedStore``) makes the test store drive an
/// `IsolatedStore` (the store of an `ActorStore`, and of a server's own actors) on the main
/// actor instead, with the same steps and checks; ``isolatedStore`` gives it.
///
/// `TestStore` is `@MainActor`, as `Store` is: mark the tests (or the suite) that use it
/// `@MainActor`.
///
/// ## Each step is checked
/// ``send(_:assert:fileID:filePath:line:column:)`` runs the update and compares the new state
/// with the previous state as changed by the closure; any difference fails the test with a
/// line diff (`-` expected, `+` actual). Actions that effects produce are processed as they
/// arrive, exactly as a `Store` would, and wait for the test to
/// `receive` them, in order, with the same state
/// check. Actions an effect delivers synchronously (`Effect.send(_:)`) are received too.
///
/// ## Nothing is left unexplained
/// By default (``Exhaustivity/on``) a test fails if, when the store goes away or
/// ``finish()`` is called, actions were received but not
/// asserted or effects are still running. Each is reported at the line of the `send` that
/// started it. ``skipReceivedActions()`` and ``skipInFlightEffects()`` opt out explicitly;
/// ``exhaustivity`` set to ``Exhaustivity/off`` checks only what the test asserts.
///
/// ## Deterministic
/// Effects run only while the store or a ``TestClock`` runs the scheduler, on the test's own
/// thread, in a fixed order. No step sleeps, yields or waits on real time, so a test gives
/// the same result on every run however busy the machine is. See ``TestScheduler`` for what
/// escapes that control.
@MainActor
public final class TestStore<State: Equatable & Sendable, Action: Sendable, Environment> {
    /// The signature of the update function under test; the same as `Store`'s.
    public typealias UpdateFunction = (consuming State, Environment, Action) -> Update<
        State, Action
    >

    /// The store the test drives. Sending to it directly bypasses the test store's checks
    /// (the actions it processes are then received, as if an effect had sent them).
    ///
    /// A test store that drives an `IsolatedStore` (``TestedStore/isolatedStore``) has no
    /// `Store`: reading this property then stops the test with a message; use
    /// ``isolatedStore`` instead.
    public var store: Store<State, Action, Environment> {
        guard let store = engine as? Store<State, Action, Environment> else {
            fatalError(
                """
                TestStore.store: this test store drives an IsolatedStore (it was created with                 `testing: .isolatedStore`), not a Store. Use `isolatedStore`.
                """)
        }
        return store
    }

    /// The `IsolatedStore` the test drives, when it was created with
    /// `testing: .isolatedStore`; `nil` when it drives a `Store` (see ``store``). It belongs to
    /// the main actor. Sending to it directly bypasses the test store's checks, as with
    /// ``store``.
    public var isolatedStore: IsolatedStore<State, Action, Environment>? {
        engine as? IsolatedStore<State, Action, Environment>
    }

    /// Which store the test drives (see ``TestedStore``).
    public var tested: TestedStore {
        engine is Store<State, Action, Environment> ? .store : .isolatedStore
    }

    /// The store driven, whichever it is.
    let engine: any TestDrivenStore<State, Action>

    /// The current state: after every action processed so far, asserted or not.
    public var state: State { engine.state }

    /// The environment the update function and its effects receive.
    public let environment: Environment

    /// The scheduler every effect of this store runs on.
    public let scheduler: TestScheduler

    /// How much the store checks; ``Exhaustivity/on`` unless you change it.
    public var exhaustivity: Exhaustivity = .on

    /// The test clocks whose time ``advance(by:fileID:filePath:line:column:)`` moves.
    public let clocks: [TestClock]

    /// The animation (see `UpdateAnimation`) that the update of the last step the
    /// test asserted asked for, or `nil` if it asked for none. After a `send`, the sent
    /// action's; after a `receive`, the received action's.
    public internal(set) var lastAnimation: (any UpdateAnimation)?

    /// The state after the last step the test asserted.
    var assertedState: State
    /// Actions effects produced, processed, and not yet received by the test.
    var received: [Received] = []
    var isFinished = false
    /// What the store is processing: where its work was started, and how to name it.
    var current: Step?
    /// The `send` in progress.
    var sending: Step?
    /// The state and animation right after the action of the `send` in progress.
    var sent: (state: State, animation: (any UpdateAnimation)?)?
    /// The animation the update being processed asked for.
    var stepAnimation: (any UpdateAnimation)?
    /// Where the work of each group was started.
    var origins: [ObjectIdentifier: Location] = [:]
    /// Every effect task the store started, with where and by what.
    var started: [StartedEffect] = []
    /// The actions processed so far: the scheduler's idle work counts them toward its limit.
    let processed = ProcessedCount()
    /// Set once effects that never stop were reported: they are not reported again.
    var reportedRunaway = false

    /// A count shared with the scheduler's idle handler, which must not keep the test store.
    final class ProcessedCount: @unchecked Sendable {
        var value = 0
    }

    struct Received {
        var action: Action
        var stateAfter: State
        var origin: Location
        var animation: (any UpdateAnimation)?
    }

    /// A step of the store's work: where it was started, and what to call it. A received
    /// action is described only when a message needs it (describing every action would cost
    /// more than processing it).
    struct Step {
        var origin: Location
        var name: Name
    }

    enum Name {
        case text(String)
        case action(Action)
    }

    struct StartedEffect {
        var running: RunningEffect
        var origin: Location
        var name: Name
    }

    /// How messages call a step.
    func label(_ name: Name) -> String {
        switch name {
        case .text(let text): text
        case .action(let action): describe(action)
        }
    }

    /// Creates a test store from an update function that is a closure.
    ///
    /// Name a program by its type instead
    /// (``init(state:environment:program:middleware:clocks:testing:fileID:filePath:line:column:)``):
    /// passed as a function value, `App.update` is called through a thunk that, in a debug
    /// build, keeps a second reference to the state during each update, so that its first write
    /// to a collection copies it.
    /// - Parameters:
    ///   - state: The initial state.
    ///   - environment: The environment, usually with test doubles: a ``TestClock``,
    ///     an ``ImmediateClock``, stub clients.
    ///   - update: The update function under test.
    ///   - middleware: Middleware for the store, which runs exactly as in a `Store`, for
    ///     sent and received actions (see `Middleware`).
    ///   - clocks: The test clocks that ``advance(by:fileID:filePath:line:column:)`` moves.
    ///     By default, every ``TestClock`` found in `environment` (searched through its
    ///     stored properties, four levels deep).
    ///   - testing: Which store the test drives: a `Store` (the default) or an
    ///     `IsolatedStore` (see ``TestedStore``).
    ///   - fileID: Where to report an effect of the store left running (filled in for you).
    ///   - filePath: Where to report failures (filled in for you).
    ///   - line: Where to report failures (filled in for you).
    ///   - column: Where to report failures (filled in for you).
    public convenience init(
        state: State,
        environment: Environment,
        update: @escaping UpdateFunction,
        middleware: [Middleware<State, Action>] = [],
        clocks: [TestClock]? = nil,
        testing: TestedStore = .store,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.init(
            create: Update(state: state), environment: environment, update: update,
            middleware: middleware, clocks: clocks,
            tested: testing,
            location: Location(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Creates a test store from an initial update, as `Store(create:…)` does: the update's
    /// effect starts at once, and the actions it produces are received like any other.
    ///
    /// ```swift
    /// let store = TestStore(
    ///     create: Update(state: Feed(), effect: .send(.refresh)),
    ///     environment: .test, update: Feed.update)
    /// store.receive(.refresh) { $0.isLoading = true }
    /// ```
    /// - Parameters:
    ///   - create: The initial state and the effect to start with it.
    ///   - environment: The environment, usually with test doubles.
    ///   - update: The update function under test.
    ///   - middleware: Middleware for the store, which runs exactly as in a `Store`.
    ///   - clocks: The test clocks that ``advance(by:fileID:filePath:line:column:)`` moves;
    ///     by default every ``TestClock`` found in `environment`.
    ///   - testing: Which store the test drives: a `Store` (the default) or an
    ///     `IsolatedStore` (see ``TestedStore``).
    ///   - fileID: Where to report an effect of the initial update left running (filled in
    ///     for you).
    ///   - filePath: Where to report failures (filled in for you).
    ///   - line: Where to report failures (filled in for you).
    ///   - column: Where to report failures (filled in for you).
    public convenience init(
        create: Update<State, Action>,
        environment: Environment,
        update: @escaping UpdateFunction,
        middleware: [Middleware<State, Action>] = [],
        clocks: [TestClock]? = nil,
        testing: TestedStore = .store,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.init(
            create: create, environment: environment, update: update, middleware: middleware,
            clocks: clocks,
            tested: testing,
            location: Location(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    init(
        create: Update<State, Action>,
        environment: Environment,
        update: @escaping UpdateFunction,
        middleware: [Middleware<State, Action>],
        clocks: [TestClock]?,
        tested: TestedStore,
        location: Location
    ) {
        let scheduler = TestScheduler()
        self.scheduler = scheduler
        self.environment = environment
        self.assertedState = create.state
        self.engine = Self.makeEngine(
            tested, state: create.state, environment: environment, update: update,
            middleware: middleware, scheduler: scheduler)
        self.clocks = clocks ?? TestClock.find(in: environment)
        for clock in self.clocks { clock.attach(scheduler) }
        engine.stepDelegate = self
        // The store's inbox is drained whenever the scheduler has nothing else to run: the
        // test's own flow of control, on the main actor. The scheduler's idle handler
        // outlives the test store: it does not keep the store.
        let drain: @MainActor () -> Bool = { [weak engine] in engine?.drainInbox() ?? false }
        let processed = self.processed
        scheduler.whenIdle {
            MainActor.assumeIsolated {
                let before = processed.value
                guard drain() else { return 0 }
                return max(1, processed.value - before)
            }
        }
        if !create.effect.isNone {
            current = Step(origin: location, name: .text("the initial update"))
            engine.begin(with: create.effect)
            current = nil
            runScheduler(at: location)
        }
    }

    // Not an isolated deinit: that one runs without the test's task-local values, so the
    // failures it running effects would belong to no test. A test store is released on the main
    // actor, at the end of the test that made it.
    deinit {
        MainActor.assumeIsolated {
            if !isFinished, exhaustivity == .on {
                checkExhaustion()
            }
            engine.cancelEffects()
            scheduler.run()
            engine.tearDown()
        }
    }

    /// Sends an action, and checks the state it leads to.
    ///
    /// - Parameters:
    ///   - action: The action to send.
    ///   - updateExpected: Changes the previous state into the state the test expects.
    ///     Omit it when the action must not change the state. If the closure is given but the
    ///     state does not change, the test fails too.
    ///   - fileID: Where to report failures (filled in for you).
    ///   - filePath: Where to report failures (filled in for you).
    ///   - line: Where to report failures (filled in for you).
    ///   - column: Where to report failures (filled in for you).
    /// - Returns: The work the action started, to cancel it.
    @discardableResult
    public func send(
        _ action: Action,
        assert updateExpected: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> TestStoreTask {
        let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
        if isFinished {
            fail(
                "Sent \(describe(action)) after finish(): the test store checks nothing after "
                    + "it. Send before finish(), or use another test store.",
                at: location
            )
            // Checked again when the store goes: an effect this action starts is reported.
            isFinished = false
        }
        runScheduler(at: location)
        if exhaustivity == .on, !received.isEmpty {
            fail(
                "Sent \(describe(action)) while \(received.count) received "
                    + "action\(received.count == 1 ? " was" : "s were") not asserted:\n"
                    + received.map { "  " + describe($0.action) }.joined(separator: "\n")
                    + "\nReceive them first, or call skipReceivedActions().",
                at: location
            )
        }
        let previous = engine.state
        sending = Step(origin: location, name: .text("send(\(describe(action)))"))
        sent = nil
        let task = engine.sendFromTest(action)
        sending = nil
        // Nothing was processed if the store was torn down, or holds actions (time travel).
        let actual = sent?.state ?? engine.state
        lastAnimation = sent?.animation
        sent = nil
        check(
            previous: previous, actual: actual, updateExpected, location: location,
            step: "send(\(describe(action)))")
        assertedState = actual
        runScheduler(at: location)
        let scheduler = self.scheduler
        return TestStoreTask(
            cancelWork: {
                task.cancel()
                scheduler.run()
            },
            isFinished: { task.isFinished }
        )
    }

    /// Runs the scheduler; if some effect kept it busy up to its limit, fails at `location`
    /// (or else where that effect was started), naming the effects still running, and
    /// cancels them.
    func runScheduler(at location: Location? = nil) {
        scheduler.run()
        guard scheduler.reachedJobLimit, !reportedRunaway else { return }
        reportedRunaway = true
        let running = runningEffects
        let list = running.map {
            "  the effect of \(label($0.name)), started at \($0.origin.fileID):\($0.origin.line)"
        }
        fail(
            "The store's effects ran \(scheduler.jobLimit) jobs and delivered actions without "
                + "stopping, so the test store stopped running them here. Still running:\n"
                + (list.isEmpty ? "  (no effect of this store)" : list.joined(separator: "\n"))
                + "\nAn effect that loops on Task.yield(), or sends in a loop, without waiting "
                + "on a clock from the environment never lets a test go on. If its work does "
                + "end, raise scheduler.jobLimit. The running effects are cancelled, and the "
                + "\(received.count) actions received meanwhile are dropped.",
            at: location ?? running.first?.origin ?? unknownOrigin
        )
        engine.cancelEffects()
        scheduler.run()  // lets the cancelled effects end, if they heed cancellation
        received = []
        assertedState = state
    }

    /// Compares the state after a step with what the test expects of it.
    func check(
        previous: State,
        actual: State,
        _ updateExpected: ((inout State) throws -> Void)?,
        location: Location,
        step: String
    ) {
        var expected = exhaustivity == .on ? previous : actual
        if let updateExpected {
            do {
                try updateExpected(&expected)
            } catch {
                fail("The assertion closure of \(step) threw: \(error)", at: location)
                return
            }
        }
        if expected != actual {
            let difference =
                Diff.values(expected, actual) ?? "(the states differ but dump the same)"
            fail(
                "The state after \(step) is not the expected state (- expected, + actual):\n"
                    + difference,
                at: location
            )
        } else if exhaustivity == .on, updateExpected != nil, actual == previous {
            fail(
                "The assertion closure of \(step) expects a change, but the state did not "
                    + "change. Omit the closure when no change is expected.",
                at: location
            )
        }
    }

    func describe(_ action: Action) -> String {
        Dump.line(of: action)
    }
}
