import Substate

/// A store for tests: it runs the same update function and environment as `Store`, runs
/// every effect on a ``TestScheduler``, and checks each step against what the test expects.
///
/// ```swift
/// @Test func searchIsDebounced() {
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
/// ## Each step is checked
/// ``send(_:assert:fileID:filePath:line:column:)`` runs the update and compares the new state
/// with the previous state as changed by the closure; any difference fails the test with a
/// line diff (`-` expected, `+` actual). Actions that effects produce are processed as they
/// arrive, exactly as a `Store` would, and wait for the test to
/// ``receive(_:assert:fileID:filePath:line:column:)`` them, in order, with the same state
/// check.
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
///
/// `TestStore` is not `Sendable`: use it from the test function that created it. Its methods
/// are synchronous.
public final class TestStore<State: Equatable & Sendable, Action: Sendable, Environment> {
    /// The signature of the update function under test; the same as `Store`'s.
    public typealias UpdateFunction = (consuming State, Environment, Action) -> Update<
        State, Action
    >

    /// The current state: after every action processed so far, asserted or not.
    public private(set) var state: State

    /// The environment the update function and its effects receive.
    public let environment: Environment

    /// The scheduler every effect of this store runs on.
    public let scheduler: TestScheduler

    /// How much the store checks; ``Exhaustivity/on`` unless you change it.
    public var exhaustivity: Exhaustivity = .on

    /// The test clocks whose time ``advance(by:fileID:filePath:line:column:)`` moves.
    public let clocks: [TestClock]

    let updateFunction: UpdateFunction
    let effects: TestStoreEffects<Action>
    /// The state after the last step the test asserted.
    var assertedState: State
    /// Actions effects produced, processed, and not yet received by the test.
    var received: [Received] = []
    var isFinished = false

    struct Received {
        var action: Action
        var stateAfter: State
        var origin: Location
    }

    /// Creates a test store.
    /// - Parameters:
    ///   - state: The initial state.
    ///   - environment: The environment, usually with test doubles: a ``TestClock``,
    ///     an ``ImmediateClock``, stub clients.
    ///   - update: The update function under test.
    ///   - clocks: The test clocks that ``advance(by:fileID:filePath:line:column:)`` moves.
    ///     By default, every ``TestClock`` found in `environment` (searched through its
    ///     stored properties, four levels deep).
    public init(
        state: State,
        environment: Environment,
        update: @escaping UpdateFunction,
        clocks: [TestClock]? = nil
    ) {
        self.state = state
        self.assertedState = state
        self.environment = environment
        self.updateFunction = update
        let scheduler = TestScheduler()
        self.scheduler = scheduler
        self.effects = TestStoreEffects(scheduler: scheduler)
        self.clocks = clocks ?? TestClock.find(in: environment)
        for clock in self.clocks { clock.attach(scheduler) }
        let weakSelf = WeakReference(self)
        scheduler.whenIdle { weakSelf.value?.processDelivered() ?? false }
    }

    deinit {
        if !isFinished, exhaustivity == .on {
            checkExhaustion()
        }
        effects.cancel()
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
    /// - Returns: The effects the action started, to cancel them.
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
        scheduler.run()
        if exhaustivity == .on, !received.isEmpty {
            fail(
                "Sent \(describe(action)) while \(received.count) received "
                    + "action\(received.count == 1 ? " was" : "s were") not asserted:\n"
                    + received.map { "  " + describe($0.action) }.joined(separator: "\n")
                    + "\nReceive them first, or call skipReceivedActions().",
                at: location
            )
        }
        let previous = state
        let ids = step(action, origin: location, label: "send(\(describe(action)))")
        check(
            previous: previous, actual: state, updateExpected, location: location,
            step: "send(\(describe(action)))")
        assertedState = state
        scheduler.run()
        let effects = self.effects
        return TestStoreTask(
            cancelEffects: { effects.cancel(ids) },
            checkRunning: { effects.isRunning(ids) }
        )
    }

    /// Runs the update for one action and starts its effect. Synchronous actions of the
    /// effect are delivered, to be processed when the scheduler is next idle.
    func step(_ action: Action, origin: Location, label: @autoclosure () -> String) -> [Int] {
        let update = updateFunction(state, environment, action)
        state = update.state
        // The effects of children that this action removed end with them, as in a `Store`.
        if effects.scope.hasPresenceConditions {
            withUnsafePointer(to: state) { effects.scope.cancelAbsent(in: $0) }
        }
        var ids: [Int] = []
        var described: String?
        update.effect.start(
            in: effects.scope,
            deliver: { effects.deliver($0, origin: origin) },
            spawn: { effect, tags in
                if described == nil { described = label() }
                ids.append(
                    effects.spawn(effect, tags: tags, origin: origin, label: described ?? ""))
            },
            isPresent: { presence in withUnsafePointer(to: state) { presence.isPresent(in: $0) } }
        )
        return ids
    }

    /// Processes what effects delivered, in order, as a store would; records each action and
    /// the state after it for `receive`. Reports effects' uncaught errors.
    func processDelivered() -> Bool {
        var progressed = false
        for (message, origin) in effects.takeErrors() {
            fail(message, at: origin)
        }
        while true {
            let delivered = effects.takeDelivered()
            guard !delivered.isEmpty else { break }
            progressed = true
            for item in delivered {
                if let id = item.endedEffect {
                    effects.ended(id, handle: item.sender)
                    continue
                }
                guard let action = item.action, item.sender?.isCancelled != true else {
                    continue
                }
                _ = step(action, origin: item.origin, label: "the effect of \(describe(action))")
                received.append(Received(action: action, stateAfter: state, origin: item.origin))
            }
        }
        return progressed
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
        Dump.text(of: action)
            .split(separator: "\n")
            .map { $0.drop { $0 == " " } }
            .joined(separator: " ")
            .replacing("( ", with: "(")
            .replacing("[ ", with: "[")
    }
}

/// A weak reference that can cross into the scheduler's idle handler.
final class WeakReference<Object: AnyObject>: @unchecked Sendable {
    weak var value: Object?

    init(_ value: Object) {
        self.value = value
    }
}
