import Synchronization

/// Runs a program inside an actor of yours: the store lives with the actor's other state, and
/// the actor uses it without `await`.
///
/// ```swift
/// actor Connection {
///     let store = IsolatedStore(state: Session(), environment: .live, program: Session.self)
///
///     func received(_ action: Session.Action) -> Session {
///         store.send(action)
///         return store.state
///     }
/// }
/// ```
///
/// It runs the same programs on the same effect runtime as ``Store`` and ``ActorStore``, with
/// middleware. It is not `Sendable`: the compiler keeps it in the isolation of the actor that
/// holds it, with the actor's other non-`Sendable` state (a ``FlightRecorder`` the actor reads
/// when something goes wrong, the middleware it gave the store). Effects run as tasks the
/// store owns; their actions are processed on the actor that uses the store, as soon as the
/// actor is free.
///
/// ## Which actor
/// The store belongs to the first actor that sends to it (or creates it, from an isolated
/// context): `send(_:isolation:)` and ``finishEffects(isolation:)`` take the caller's
/// isolation as a default argument. Until then, actions that effects produce wait (an initial
/// effect's, for a store made in a synchronous actor initialiser). From then on the compiler
/// keeps it in that actor's isolation: it cannot be sent anywhere else. Code that gets around
/// the checks (`@unchecked Sendable`) and uses it from a second actor is stopped with a
/// message. On the main actor, use ``Store``, which SwiftUI observes; for an actor of the
/// store's own, ``ActorStore``.
public final class IsolatedStore<State: Equatable & Sendable, Action: Sendable, Environment> {
    /// The signature of an update function: the same as ``Store``'s.
    public typealias UpdateFunction = (consuming State, Environment, Action) -> Update<
        State, Action
    >

    /// The state cell, the program, the sequences, the middleware, the test's step delegate and the
    /// effect runtime (see ``_StoreCore``).
    let core: _StoreCore<State, Action, Environment, IsolatedStore>
    /// Receives the errors that effects threw and did not handle.
    let effectErrorHandler: @Sendable (any Error) -> Void
    let wake: _IsolatedStoreWake<State, Action, Environment>
    /// The actor the store belongs to, once one has used it: compared on every send, without
    /// a lock (only that actor uses the store). An identity, not a reference (which would keep
    /// the actor that keeps the store); only code around the compiler's checks can reach a
    /// store whose actor went away, whose address another actor may then have.
    private var owner: ObjectIdentifier?
    /// The same actor, for the calls that do not name their caller's actor (reading the
    /// state, tearing down, a send from code with no actor): they check that they run on it.
    /// Weak, for the same reason.
    private weak var ownerActor: (any Actor)?

    /// Creates a store from an initial state and an update function that is a closure; a
    /// program is better named by its type
    /// (``init(state:environment:program:middleware:effectErrorHandler:isolation:)``).
    /// - Parameters:
    ///   - state: The initial state.
    ///   - environment: The program's dependencies.
    ///   - update: The update function.
    ///   - middleware: Code that runs around the update function, in order. See
    ///     ``Middleware``.
    ///   - effectErrorHandler: Receives the errors that effects threw and did not handle; by
    ///     default they are printed to standard error.
    ///   - isolation: The actor the store belongs to; the caller's by default, or the first
    ///     actor that sends to it when it is created outside one.
    public convenience init(
        state: State,
        environment: Environment,
        update: @escaping UpdateFunction,
        middleware: [Middleware<State, Action>] = [],
        effectErrorHandler: (@Sendable (any Error) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) {
        self.init(
            state: state, environment: environment, update: update, middleware: middleware,
            effectErrorHandler: effectErrorHandler, executor: nil, isolation: isolation)
    }

    /// Creates a store whose effect tasks run on `executor`; `nil` for the global executor.
    /// With an executor, nothing drains the inbox by itself: whoever runs the executor calls
    /// ``drainInbox()`` (a `TestStore` does, when its scheduler is idle).
    package init(
        state: State,
        environment: Environment,
        update: @escaping UpdateFunction,
        middleware: [Middleware<State, Action>],
        effectErrorHandler: (@Sendable (any Error) -> Void)?,
        executor: (any TaskExecutor)?,
        isolation: isolated (any Actor)?
    ) {
        let wake = _IsolatedStoreWake<State, Action, Environment>()
        core = _StoreCore(
            state: state, environment: environment, update: update, executor: executor,
            wakeUp: executor == nil ? .signal({ wake.wake() }) : .manual)
        self.effectErrorHandler = effectErrorHandler ?? _reportUnhandledEffectError
        self.wake = wake
        core.attach(self, middleware: middleware, at: middlewareServices)
        wake.attach(self)
        if let isolation { belong(to: isolation) }
    }

    /// Creates a store of a program.
    /// - Parameters:
    ///   - state: The initial state.
    ///   - environment: The program's dependencies.
    ///   - program: The program, whose update function the store runs.
    ///   - middleware: Code that runs around the update function, in order. See
    ///     ``Middleware``.
    ///   - effectErrorHandler: Receives the errors that effects threw and did not handle; by
    ///     default they are printed to standard error.
    ///   - isolation: The actor the store belongs to; the caller's by default.
    public convenience init<P: Program>(
        state: State,
        environment: Environment,
        program: P.Type,
        middleware: [Middleware<State, Action>] = [],
        effectErrorHandler: (@Sendable (any Error) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) where P.State == State, P.Action == Action, P.Environment == Environment {
        self.init(
            state: state, environment: environment, update: P._updateFunction,
            middleware: middleware, effectErrorHandler: effectErrorHandler,
            isolation: isolation)
    }

    /// Creates a store of a program that starts with an effect, as
    /// ``Store/init(create:environment:program:middleware:)`` does. The effect's actions are
    /// processed on the actor the store belongs to (see "Which actor").
    /// - Parameters:
    ///   - create: The initial state and the effect to start with it.
    ///   - environment: The program's dependencies.
    ///   - program: The program, whose update function the store runs.
    ///   - middleware: Code that runs around the update function, in order.
    ///   - effectErrorHandler: Receives the errors that effects threw and did not handle.
    ///   - isolation: The actor the store belongs to; the caller's by default.
    public convenience init<P: Program>(
        create: Update<State, Action>,
        environment: Environment,
        program: P.Type,
        middleware: [Middleware<State, Action>] = [],
        effectErrorHandler: (@Sendable (any Error) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) where P.State == State, P.Action == Action, P.Environment == Environment {
        self.init(
            state: create.state, environment: environment, update: P._updateFunction,
            middleware: middleware, effectErrorHandler: effectErrorHandler,
            isolation: isolation)
        core.begin(with: create.effect)
    }

    /// What the store offers the middleware it installs: its effect executor, but not its
    /// state on demand (it cannot be asked from another thread).
    var middlewareServices: _MiddlewareServices<State> {
        _MiddlewareServices(executor: core.runtime.executor, source: nil)
    }

    /// A store that goes away tears itself down: its effects end with it, its middleware is
    /// told.
    deinit {
        core.tearDown()
    }

    /// The current state. Read on the actor the store belongs to (see "Which actor").
    public var state: State {
        checkOwner()
        return core.storage.value
    }

    /// Processes an action now: runs the update function, commits the state and starts the
    /// effect it returns, as ``Store/send(_:)`` does. After ``tearDown()`` it does nothing.
    /// - Parameters:
    ///   - action: The action.
    ///   - isolation: The caller's actor, which the store belongs to from its first send.
    /// - Returns: A task to await the work the action caused.
    @discardableResult
    public func send(_ action: Action, isolation: isolated (any Actor)? = #isolation)
        -> StoreTask
    {
        if let isolation {
            if owner != ObjectIdentifier(isolation) { belong(to: isolation) }
        } else {
            checkOwner()
        }
        return StoreTask(group: core.send(action))
    }

    /// The states the store commits from now on, one per processed action, a reader that
    /// falls behind getting the newest; it ends when the store is torn down. It may be
    /// iterated anywhere. See ``Store/states``.
    public var states: StoreSequence<State> { StoreSequence(core.committedStates) }

    /// The actions the store processes from now on, up to 10,000 unread; it ends when the
    /// store is torn down. See ``Store/actions``.
    public var actions: StoreSequence<Action> { StoreSequence(core.processedActions) }

    /// Waits until every effect the store runs has finished, and their actions were
    /// processed (on the caller's actor, which the store belongs to).
    /// - Parameter isolation: The caller's actor.
    public func finishEffects(isolation: isolated (any Actor)? = #isolation) async {
        if let isolation {
            if owner != ObjectIdentifier(isolation) { belong(to: isolation) }
        } else {
            checkOwner()
        }
        await core.runtime.outstanding.wait()
    }

    /// Cancels every running effect.
    public func cancelEffects() {
        checkOwner()
        core.runtime.registry.cancelAll()
    }

    /// The number of effects running.
    public var runningEffectCount: Int { core.runtime.registry.count }

    /// Adds a middleware to the running store, after all the others, as
    /// ``Store/addMiddleware(_:)`` does.
    /// - Parameter middleware: The middleware.
    /// - Returns: A token for ``removeMiddleware(_:)``.
    @discardableResult
    public func addMiddleware(_ middleware: Middleware<State, Action>) -> MiddlewareToken {
        checkOwner()
        return core.addMiddleware(middleware, at: middlewareServices)
    }

    /// Removes a middleware added with ``addMiddleware(_:)``. Removing it twice does nothing.
    /// - Parameter token: What ``addMiddleware(_:)`` returned.
    public func removeMiddleware(_ token: MiddlewareToken) {
        checkOwner()
        core.removeMiddleware(token)
    }

    /// Whether the store was torn down (``tearDown()``).
    public var isTornDown: Bool { core.isTornDown }

    /// Cancels every effect, ends ``states`` and ``actions``, tells the middleware and makes
    /// later sends do nothing. The last state stays readable. A store that is released tears
    /// itself down.
    public func tearDown() {
        checkOwner()
        core.tearDown()
    }

    /// Watches every step (a `TestStore`); `nil` otherwise.
    package var stepDelegate: (any StoreStepDelegate<Action>)? {
        get { core.stepDelegate }
        set { core.stepDelegate = newValue }
    }

    /// Starts the effect of an initial update (a `TestStore` does, once its step delegate is set).
    package func begin(with effect: Effect<Action>) {
        core.begin(with: effect)
    }

    /// Processes what effects delivered since the last drain; a `TestStore` calls it when its
    /// scheduler is idle. Returns whether anything was delivered.
    @discardableResult
    package func drainInbox() -> Bool {
        core.drainInbox()
    }

    /// Whether an effect task the store started is still running (a test store asks).
    package func isRunning(_ running: RunningEffect) -> Bool {
        core.isRunning(running)
    }

    /// Makes `actor` the store's: effects' actions are processed there from now on.
    func belong(to actor: any Actor) {
        if owner != nil {
            // Not a precondition: an optimised build would stop without the message.
            fatalError(
                """
                Substate: an IsolatedStore of \(State.self) is used from \(type(of: actor)), but \
                it belongs to the first actor that used it: an IsolatedStore is used from one \
                actor.
                """)
        }
        owner = ObjectIdentifier(actor)
        ownerActor = actor
        wake.belong(to: actor)
    }

    /// Stops the program with a message unless the caller runs on the actor the store
    /// belongs to (once it belongs to one): for the calls that do not name their caller's
    /// actor. A synchronous function with no actor of its own, called from that actor,
    /// passes.
    private func checkOwner() {
        guard owner != nil else { return }
        guard let ownerActor else {
            fatalError(
                "Substate: an IsolatedStore of \(State.self) is used after the actor it belonged to "
                    + "went away: an IsolatedStore is used from one actor.")
        }
        // The check of the current executor; an optimised build says "Incorrect actor
        // executor assumption" and names the actor.
        ownerActor.preconditionIsolated(
            "Substate: an IsolatedStore of \(State.self) is used outside \(type(of: ownerActor)), "
                + "the actor it belongs to: an IsolatedStore is used from one actor.")
    }
}

/// What a store off the main actor does with an error that an effect threw and no handler
/// took, when it was given no handler.
/// What an isolated store adds to its core: its error handler. Nothing observes it, and
/// nothing animates.
extension IsolatedStore: _StoreCoreDelegate {
    @usableFromInline package func coreSettle() {}
    @usableFromInline package func coreAnimate(_ animation: any UpdateAnimation) {}
    @usableFromInline package func coreEffectFailed(_ error: any Error) {
        effectErrorHandler(error)
    }
}

@Sendable func _reportUnhandledEffectError(_ error: any Error) {
    writeToStandardError("Substate: an effect failed with an error no handler caught: \(error)")
}

/// Tells an ``IsolatedStore`` (or an ``ActorStore``) that its effects delivered actions: a
/// task that drains them on the actor the store belongs to. A wake-up that comes before the
/// store belongs to an actor is kept until it does.
final class _IsolatedStoreWake<State: Equatable & Sendable, Action: Sendable, Environment>:
    Sendable
{
    /// The store, read only on the owner's actor: the store is that actor's, and so is its
    /// processing. (Weak to the store, not to its core: a weak reference makes every retain
    /// of its object take a slower path, and the core is retained on every send.)
    private final class StoreReference: @unchecked Sendable {
        weak var store: IsolatedStore<State, Action, Environment>?
    }
    private struct Target: Sendable {
        weak var owner: (any Actor)?
        var isPending = false
    }
    private let target = Mutex(Target())
    private let reference = StoreReference()

    /// Sets the store, once, before anything can wake it.
    func attach(_ store: IsolatedStore<State, Action, Environment>) {
        reference.store = store
    }

    /// Makes `owner` the actor the store belongs to, and drains there what came before.
    func belong(to owner: any Actor) {
        let pending = target.withLock { target in
            target.owner = owner
            defer { target.isPending = false }
            return target.isPending
        }
        if pending { wake() }
    }

    func wake() {
        let owner = target.withLock { target in
            if target.owner == nil { target.isPending = true }
            return target.owner
        }
        guard let owner else { return }
        let reference = reference
        Task { await Self.drain(reference, on: owner) }
    }

    /// Processes what effects delivered, on the store's actor.
    private static func drain(_ reference: StoreReference, on owner: isolated any Actor) {
        reference.store?.core.drainInbox()
    }
}
