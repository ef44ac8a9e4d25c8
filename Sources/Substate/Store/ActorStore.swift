/// Runs a program on an actor of its own: for servers and tools that run one program per
/// connection, per job or per session, in parallel on all cores.
///
/// ```swift
/// let room = ActorStore(state: Room(), environment: .live, program: Room.self)
/// await room.send(.join("ada"))
/// for await state in room.states { … }  // from any task
/// ```
///
/// It runs the same programs on the same effect runtime as ``Store``: the update function
/// moves the state in and out without a copy, effects run as tasks the store owns, and their
/// actions come back through the update in order. What differs is where it runs. A ``Store``
/// is `@MainActor`, which is right for a user interface but puts every program of a process
/// on one thread; each `ActorStore` is an actor, so that many of them run at once on all
/// cores, and a slow update in one of them delays no other.
///
/// Code outside the actor calls it with `await`. An effect's actions are processed on the
/// actor, as soon as it is free.
///
/// Middleware runs on the store's actor: loggers, a ``Recorder``, a ``FlightRecorder``, a
/// ``StateSaver``. The list is `sending` (see ``Middleware``): what it captures belongs to
/// the store from then on, so a flight recorder is read by a hook of the same list, on the
/// store's actor:
///
/// ```swift
/// let flight = FlightRecorder<Session.State, Session.Action>(
///     initialState: Session.State(), clock: ContinuousClock())
/// let store = ActorStore(
///     state: Session.State(), environment: .live, program: Session.self,
///     middleware: [
///         flight.middleware(),
///         .observe { action, _ in
///             if case .failed = action { try? flight.write(to: crashReport) }
///         },
///     ])
/// ```
///
/// Scoped stores and the test store work with ``Store``; test the program with a
/// `TestStore`: it is the same program.
public actor ActorStore<State: Equatable & Sendable, Action: Sendable, Environment> {
    /// The signature of an update function: the same as ``Store``'s.
    public typealias UpdateFunction = (consuming State, Environment, Action) -> Update<
        State, Action
    >

    /// The store, which belongs to this actor.
    let store: IsolatedStore<State, Action, Environment>
    /// The store's core, used straight: this actor is the store's owner, so it needs none of
    /// the checks the store makes per send (nor their cost in unspecialised generic code).
    let core: _StoreCore<State, Action, Environment, IsolatedStore<State, Action, Environment>>
    /// What the store publishes, readable from outside the actor for ``states`` and
    /// ``actions``.
    private let committedStates: _Broadcast<State>
    private let processedActions: _Broadcast<Action>

    /// Creates a store from an initial state and an update function that is a closure;
    /// a program's update is better named by its type
    /// (``init(state:environment:program:middleware:effectErrorHandler:)``).
    /// - Parameters:
    ///   - state: The initial state.
    ///   - environment: The program's dependencies.
    ///   - update: The update function.
    ///   - middleware: Code that runs around the update function, on the store's actor, in
    ///     order. See ``Middleware``.
    ///   - effectErrorHandler: Receives the errors that effects threw and did not handle; by
    ///     default they are printed to standard error.
    public init(
        state: State,
        environment: sending Environment,
        update: @escaping UpdateFunction,
        middleware: sending [Middleware<State, Action>] = [],
        effectErrorHandler: (@Sendable (any Error) -> Void)? = nil
    ) {
        self.init(
            state: state, environment: environment, update: update, middleware: middleware,
            beginning: .none, effectErrorHandler: effectErrorHandler)
    }

    private init(
        state: State,
        environment: sending Environment,
        update: @escaping UpdateFunction,
        middleware: sending [Middleware<State, Action>],
        beginning effect: Effect<Action>,
        effectErrorHandler: (@Sendable (any Error) -> Void)?
    ) {
        let store = IsolatedStore(
            state: state, environment: environment, update: update, middleware: middleware,
            effectErrorHandler: effectErrorHandler, isolation: nil)
        let core = store.core
        let wake = store.wake
        committedStates = core.committedStates
        processedActions = core.processedActions
        core.begin(with: effect)
        self.store = store
        self.core = core
        // What the initial effect delivers waits for this, and is processed on this actor.
        wake.belong(to: self)
    }

    /// Creates a store of a program.
    /// - Parameters:
    ///   - state: The initial state.
    ///   - environment: The program's dependencies.
    ///   - program: The program, whose update function the store runs.
    ///   - middleware: Code that runs around the update function, on the store's actor, in
    ///     order. See ``Middleware``.
    ///   - effectErrorHandler: Receives the errors that effects threw and did not handle; by
    ///     default they are printed to standard error.
    public init<P: Program>(
        state: State,
        environment: sending Environment,
        program: P.Type,
        middleware: sending [Middleware<State, Action>] = [],
        effectErrorHandler: (@Sendable (any Error) -> Void)? = nil
    ) where P.State == State, P.Action == Action, P.Environment == Environment {
        self.init(
            state: state, environment: environment, update: P._updateFunction,
            middleware: middleware, effectErrorHandler: effectErrorHandler)
    }

    /// Creates a store of a program that starts with an effect, as
    /// ``Store/init(create:environment:program:middleware:)`` does.
    /// - Parameters:
    ///   - create: The initial state and the effect to start with it.
    ///   - environment: The program's dependencies.
    ///   - program: The program, whose update function the store runs.
    ///   - middleware: Code that runs around the update function, on the store's actor, in
    ///     order. See ``Middleware``.
    ///   - effectErrorHandler: Receives the errors that effects threw and did not handle.
    public init<P: Program>(
        create: Update<State, Action>,
        environment: sending Environment,
        program: P.Type,
        middleware: sending [Middleware<State, Action>] = [],
        effectErrorHandler: (@Sendable (any Error) -> Void)? = nil
    ) where P.State == State, P.Action == Action, P.Environment == Environment {
        self.init(
            state: create.state, environment: environment, update: P._updateFunction,
            middleware: middleware, beginning: create.effect,
            effectErrorHandler: effectErrorHandler)
    }

    /// The current state.
    public var state: State { core.storage.value }

    /// Processes an action now: runs the update function, commits the state and starts the
    /// effect it returns, as ``Store/send(_:)`` does.
    /// - Parameter action: The action.
    /// - Returns: A task to await the work the action caused.
    @discardableResult
    public func send(_ action: Action) -> StoreTask {
        StoreTask(group: core.send(action))
    }

    /// The states the store commits from now on, one per processed action, a reader that
    /// falls behind getting the newest; it ends when the store is torn down. See
    /// ``Store/states``.
    public nonisolated var states: StoreSequence<State> { StoreSequence(committedStates) }

    /// The actions the store processes from now on, up to 10,000 unread; it ends when the
    /// store is torn down. See ``Store/actions``.
    public nonisolated var actions: StoreSequence<Action> {
        StoreSequence(processedActions)
    }

    /// Waits until every effect the store runs has finished, and their actions were
    /// processed.
    public func finishEffects() async {
        await core.runtime.outstanding.wait()
    }

    /// Cancels every running effect.
    public func cancelEffects() {
        core.runtime.registry.cancelAll()
    }

    /// The number of effects running.
    public var runningEffectCount: Int { core.runtime.registry.count }

    /// Adds a middleware to the running store, after all the others, as
    /// ``Store/addMiddleware(_:)`` does.
    /// - Parameter middleware: The middleware; the store's from now on.
    /// - Returns: A token for ``removeMiddleware(_:)``.
    @discardableResult
    public func addMiddleware(_ middleware: sending Middleware<State, Action>) -> MiddlewareToken {
        core.addMiddleware(middleware, at: store.middlewareServices)
    }

    /// Removes a middleware added with ``addMiddleware(_:)``. Removing it twice does nothing.
    /// - Parameter token: What ``addMiddleware(_:)`` returned.
    public func removeMiddleware(_ token: MiddlewareToken) {
        core.removeMiddleware(token)
    }

    /// Whether the store was torn down (``tearDown()``).
    public var isTornDown: Bool { core.isTornDown }

    /// Cancels every effect, ends ``states`` and ``actions``, tells the middleware (a saver
    /// writes what is pending) and makes later sends do nothing. The last state stays
    /// readable. A store that is released tears itself down.
    public func tearDown() {
        core.tearDown()
    }
}
