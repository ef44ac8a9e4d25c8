import Synchronization

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
/// Not yet: middleware (loggers, the recorder, the saver), scoped stores and the test store
/// work with ``Store`` only.
public actor ActorStore<State: Equatable & Sendable, Action: Sendable, Environment> {
    /// The signature of an update function: the same as ``Store``'s.
    public typealias UpdateFunction = (consuming State, Environment, Action) -> Update<
        State, Action
    >

    /// The state, the runtime and what the store publishes, in one object the actor owns.
    let core: _ActorStoreCore<State, Action, Environment>
    /// The core's broadcasts, readable from outside the actor for ``states`` and ``actions``.
    private let committedStates: _Broadcast<State>
    private let processedActions: _Broadcast<Action>

    /// Creates a store from an initial state and an update function that is a closure;
    /// a program's update is better named by its type
    /// (``init(state:environment:program:effectErrorHandler:)``).
    /// - Parameters:
    ///   - state: The initial state.
    ///   - environment: The program's dependencies.
    ///   - update: The update function.
    ///   - effectErrorHandler: Receives the errors that effects threw and did not handle; by
    ///     default they are printed to standard error.
    public init(
        state: State,
        environment: sending Environment,
        update: @escaping UpdateFunction,
        effectErrorHandler: (@Sendable (any Error) -> Void)? = nil
    ) {
        self.init(
            state: state, environment: environment, update: update, beginning: .none,
            effectErrorHandler: effectErrorHandler)
    }

    init(
        state: State,
        environment: sending Environment,
        update: @escaping UpdateFunction,
        beginning effect: Effect<Action>,
        effectErrorHandler: (@Sendable (any Error) -> Void)?
    ) {
        // The runtime's wake-up keeps this; it needs the store, which exists only below.
        let wake = _ActorStoreWake<State, Action, Environment>()
        let core = _ActorStoreCore(
            state: state, environment: environment, update: update,
            effectErrorHandler: effectErrorHandler
                ?? { error in
                    writeToStandardError(
                        "Substate: an effect failed with an error no handler caught: \(error)")
                },
            beginning: effect, wake: { wake.wake() })
        self.core = core
        committedStates = core.committedStates
        processedActions = core.processedActions
        wake.store = self
    }

    /// Creates a store of a program.
    /// - Parameters:
    ///   - state: The initial state.
    ///   - environment: The program's dependencies.
    ///   - program: The program, whose update function the store runs.
    ///   - effectErrorHandler: Receives the errors that effects threw and did not handle; by
    ///     default they are printed to standard error.
    public init<P: Program>(
        state: State,
        environment: sending Environment,
        program: P.Type,
        effectErrorHandler: (@Sendable (any Error) -> Void)? = nil
    ) where P.State == State, P.Action == Action, P.Environment == Environment {
        self.init(
            state: state, environment: environment, update: P._updateFunction,
            effectErrorHandler: effectErrorHandler)
    }

    /// Creates a store of a program that starts with an effect, as
    /// ``Store/init(create:environment:program:middleware:)`` does.
    /// - Parameters:
    ///   - create: The initial state and the effect to start with it.
    ///   - environment: The program's dependencies.
    ///   - program: The program, whose update function the store runs.
    ///   - effectErrorHandler: Receives the errors that effects threw and did not handle.
    public init<P: Program>(
        create: Update<State, Action>,
        environment: sending Environment,
        program: P.Type,
        effectErrorHandler: (@Sendable (any Error) -> Void)? = nil
    ) where P.State == State, P.Action == Action, P.Environment == Environment {
        self.init(
            state: create.state, environment: environment, update: P._updateFunction,
            beginning: create.effect, effectErrorHandler: effectErrorHandler)
    }

    /// The current state.
    public var state: State { core.storage.value }

    /// Processes an action now: runs the update function, commits the state and starts the
    /// effect it returns, as ``Store/send(_:)`` does.
    /// - Parameter action: The action.
    /// - Returns: A task to await the work the action caused.
    @discardableResult
    public func send(_ action: Action) -> StoreTask {
        guard !core.isTornDown else { return StoreTask(group: nil) }
        return StoreTask(group: core.runtime.send(action))
    }

    /// Every state the store commits from now on, one per processed action; it ends when the
    /// store is torn down. See ``Store/states``.
    public nonisolated var states: StoreSequence<State> { StoreSequence(committedStates) }

    /// Every action the store processes from now on; it ends when the store is torn down.
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

    /// Whether the store was torn down (``tearDown()``).
    public var isTornDown: Bool { core.isTornDown }

    /// Cancels every effect, ends ``states`` and ``actions`` and makes later sends do
    /// nothing. The last state stays readable. A store that is released tears itself down.
    public func tearDown() {
        core.tearDown()
    }

    /// Processes what effects delivered; the wake-up's task calls it.
    func drainInbox() {
        guard !core.isTornDown else { return }
        _ = core.runtime.drain()
    }
}

/// Tells an ``ActorStore`` that its effects delivered actions: a task that drains them on the
/// store's actor. The store is set right after it is made; a wake-up that comes before (an
/// initial effect that delivers at once) is kept until then.
final class _ActorStoreWake<State: Equatable & Sendable, Action: Sendable, Environment>:
    Sendable
{
    private struct Target: Sendable {
        weak var store: ActorStore<State, Action, Environment>?
        var isSet = false
        var isPending = false
    }
    private let target = Mutex(Target())

    /// The store to wake; set once.
    var store: ActorStore<State, Action, Environment>? {
        get { target.withLock { $0.store } }
        set {
            let pending = target.withLock { target in
                target.store = newValue
                target.isSet = true
                return target.isPending
            }
            if pending { wake() }
        }
    }

    func wake() {
        let store = target.withLock { target in
            if !target.isSet { target.isPending = true }
            return target.store
        }
        guard let store else { return }
        Task { await store.drainInbox() }
    }
}
