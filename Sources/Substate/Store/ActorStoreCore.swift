/// What an ``ActorStore`` is made of: the state cell, the effect runtime and the sequences it
/// publishes, as one non-`Sendable` object that the actor owns and uses only on itself. The
/// runtime's client: it says what processing an action means, as ``Store`` does for the main
/// actor, without observation, scopes or middleware.
final class _ActorStoreCore<State: Equatable & Sendable, Action: Sendable, Environment> {
    let storage: _StateCell<State>
    let environment: Environment
    let update: (consuming State, Environment, Action) -> Update<State, Action>
    let effectErrorHandler: @Sendable (any Error) -> Void
    let committedStates = _Broadcast<State>()
    let processedActions = _Broadcast<Action>()
    let runtime: EffectRuntime<_ActorStoreCore>
    private(set) var isTornDown = false

    init(
        state: State, environment: Environment,
        update: @escaping (consuming State, Environment, Action) -> Update<State, Action>,
        effectErrorHandler: @escaping @Sendable (any Error) -> Void,
        beginning effect: Effect<Action>,
        wake: @escaping @Sendable () -> Void
    ) {
        storage = _StateCell(state)
        self.environment = environment
        self.update = update
        self.effectErrorHandler = effectErrorHandler
        runtime = EffectRuntime(executor: nil, wakeUp: .signal(wake))
        runtime.attach(self)
        runtime.begin(with: effect)
    }

    /// A store that goes tears itself down: its effects end with it.
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
    }
}

extension _ActorStoreCore: EffectRuntimeClient {
    /// Runs the update function for an action, commits its state and starts its effect.
    func runtimeProcess(_ action: Action, in group: EffectGroup?) -> EffectGroup? {
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
        runtime.start(effect, in: group)
        return group
    }

    func runtimeIsAlive(_ lifetime: EffectLifetime) -> Bool {
        lifetime.isAlive(in: storage._pointer)
    }

    func runtimeEffectFailed(_ error: any Error, of record: EffectRecord) {
        guard !isTornDown else { return }
        effectErrorHandler(error)
    }
}
