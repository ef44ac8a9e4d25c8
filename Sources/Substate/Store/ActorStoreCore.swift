/// What an ``IsolatedStore`` (and so an ``ActorStore``) is made of: the state cell, the
/// effect runtime and the sequences it publishes, and its middleware, as one non-`Sendable`
/// object that the actor owns and uses only on itself. The runtime's client: it says what
/// processing an action means, as ``Store`` does for the main actor, without observation or
/// scopes. A `TestStore` drives one on the main actor, with its probe and its scheduler.
final class _ActorStoreCore<State: Equatable & Sendable, Action: Sendable, Environment> {
    let storage: _StateCell<State>
    let environment: Environment
    let update: (consuming State, Environment, Action) -> Update<State, Action>
    let effectErrorHandler: @Sendable (any Error) -> Void
    let committedStates = _Broadcast<State>.states()
    let processedActions = _Broadcast<Action>.actions()
    let runtime: EffectRuntime<_ActorStoreCore>
    /// The middleware, in order; `nil` when there is none (one check per action).
    @exclusivity(unchecked) var chain: _MiddlewareChain<State, Action>?
    var nextMiddlewareToken = 0
    private(set) var isTornDown = false
    /// Watches every step (a `TestStore`); `nil` otherwise.
    weak var probe: (any StoreProbe<Action>)? {
        didSet { isProbed = probe != nil }
    }
    /// `probe != nil`: one check per action.
    @exclusivity(unchecked) private var isProbed = false

    init(
        state: State, environment: Environment,
        update: @escaping (consuming State, Environment, Action) -> Update<State, Action>,
        effectErrorHandler: @escaping @Sendable (any Error) -> Void,
        middleware: [Middleware<State, Action>],
        executor: (any TaskExecutor)?,
        wakeUp: EffectRuntime<_ActorStoreCore>.WakeUp
    ) {
        storage = _StateCell(state)
        self.environment = environment
        self.update = update
        self.effectErrorHandler = effectErrorHandler
        runtime = EffectRuntime(executor: executor, wakeUp: wakeUp)
        chain = .installing(middleware, at: middlewareSite)
        runtime.attach(self)
    }

    /// A store that goes away tears itself down: its effects end with it, its middleware is told.
    deinit {
        tearDown()
    }

    /// Cancels every effect and ends the sequences; later actions are ignored.
    func tearDown() {
        guard !isTornDown else { return }
        isTornDown = true
        runtime.close()
        committedStates.finish()
        processedActions.finish()
        chain.tellTearDown()
    }

    /// Processes what effects delivered: the wake-up's task calls it on the store's actor, a
    /// test store when its scheduler is idle.
    /// - Returns: Whether anything was delivered.
    @discardableResult
    func drainInbox() -> Bool {
        guard !isTornDown else { return false }
        return runtime.drain()
    }

    /// Adds a middleware at the end of the chain; see ``Store/addMiddleware(_:)``.
    func addMiddleware(_ middleware: Middleware<State, Action>) -> MiddlewareToken {
        defer { nextMiddlewareToken += 1 }
        chain.add(middleware, token: nextMiddlewareToken, at: middlewareSite)
        return MiddlewareToken(id: nextMiddlewareToken)
    }

    /// What the store offers the middleware it installs: its effect executor, but not its
    /// state on demand (it cannot be asked from another thread).
    private var middlewareSite: _MiddlewareSite<State> {
        _MiddlewareSite(executor: runtime.executor, source: nil)
    }

    /// Removes a middleware added with ``addMiddleware(_:)``.
    func removeMiddleware(_ token: MiddlewareToken) {
        chain.remove(token: token.id)
    }
}

extension _ActorStoreCore: _MiddlewareHost {
    var _hostState: State { storage.value }
    var _hostIsTornDown: Bool { isTornDown }

    /// Runs the update function for an action, commits its state and starts its effect.
    func commit(_ action: Action, in group: EffectGroup?) -> EffectGroup? {
        // The state goes from the cell into the update function and back without a copy.
        let effect = unpack(
            { update(storage.take(), environment, action) }, stateInto: storage._pointer)
        storage._holdsValue = true
        if processedActions._hasSubscribers { processedActions._publish(action) }
        if committedStates._hasSubscribers { committedStates._publish(storage.value) }
        // The effects of children that this action removed end with them.
        if runtime.registry.hasLifetimes { runtime.registry.cancelDead(in: storage._pointer) }
        if effect.isNone { return group }
        let group = group ?? runtime.makeGroup()
        runtime.start(effect, in: group, after: action)
        return group
    }
}

extension _ActorStoreCore: EffectRuntimeClient {
    /// Processes an action: through the middleware if there is any, else straight to the
    /// update function.
    func runtimeProcess(_ action: Action, in group: EffectGroup?) -> EffectGroup? {
        if isProbed { return processProbed(action, in: group) }
        return processUnprobed(action, in: group)
    }

    /// ``runtimeProcess(_:in:)`` with the probe told before and after.
    private func processProbed(_ action: Action, in group: EffectGroup?) -> EffectGroup? {
        probe?.willProcess(action, in: group)
        let joined = processUnprobed(action, in: group)
        probe?.didProcess(action, in: group, joined: joined)
        return joined
    }

    /// Runs an action through the middleware, or straight to the update when there is none.
    private func processUnprobed(_ action: Action, in group: EffectGroup?) -> EffectGroup? {
        if let chain { return _processThroughMiddleware(action, in: group, chain: chain) }
        return commit(action, in: group)
    }

    /// A presentation matters to a test store only: nothing here animates.
    func runtimePresent(_ presentation: any UpdatePresentation) {
        probe?.didAsk(toPresent: presentation)
    }

    func runtimeDidStart(_ record: EffectRecord) {
        probe?.didStart(record)
    }

    func runtimeIsAlive(_ lifetime: EffectLifetime) -> Bool {
        lifetime.isAlive(in: storage._pointer)
    }

    /// Hands an error an effect did not handle to the probe, or else to the error handler.
    func runtimeEffectFailed(_ error: any Error, of record: EffectRecord) {
        guard !isTornDown else { return }
        if let probe {
            probe.effectFailed(error, of: record)
        } else {
            effectErrorHandler(error)
        }
    }
}
