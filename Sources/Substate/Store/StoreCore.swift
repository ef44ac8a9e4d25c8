/// The store around a ``_StoreCore``, told of its processing: a ``Store`` adds its observers
/// and scopes, an ``IsolatedStore`` its error handler. The core calls its delegate on the
/// store's isolation, inside its processing, and never after the store is torn down.
@usableFromInline
package protocol _StoreCoreDelegate<State, Action>: AnyObject {
    associatedtype State: Equatable & Sendable
    associatedtype Action: Sendable

    /// The commits of a turn are done: tell whoever watches the state (see
    /// ``EffectRuntimeDelegate/runtimeSettle()``).
    func coreSettle()

    /// An update being committed asked for an animation.
    func coreAnimate(_ animation: any UpdateAnimation)

    /// An effect threw an error that no `catch` handler took, and no step delegate watches the
    /// store.
    func coreEffectFailed(_ error: any Error)
}

/// The one root of every store: the state cell, the program (environment and update), the
/// sequences of committed states and processed actions, the middleware chain, the test's step
/// delegate and the effect runtime, whose only delegate it is. ``Store`` is a core with
/// observation and scopes, ``IsolatedStore`` a core with its owner check, ``ActorStore`` an
/// actor around an `IsolatedStore`.
///
/// Not `Sendable`: its store uses it from one isolation (the main actor for a `Store`, the
/// owning actor for an `IsolatedStore`; a `TestStore` drives either on the main actor).
@usableFromInline
package final class _StoreCore<
    State: Equatable & Sendable, Action: Sendable, Environment, Delegate: _StoreCoreDelegate
> where Delegate.State == State, Delegate.Action == Action {
    @usableFromInline let storage: _StateCell<State>
    @usableFromInline let environment: Environment
    @usableFromInline let update: (consuming State, Environment, Action) -> Update<State, Action>
    @usableFromInline let committedStates = _Broadcast<State>.states()
    @usableFromInline let processedActions = _Broadcast<Action>.actions()
    @usableFromInline package let runtime: EffectRuntime<_StoreCore>

    /// The store that owns this core; set once by ``attach(_:)``. Unretained, as the runtime
    /// holds its delegate (see ``EffectRuntime``): the store tears its core down before it goes.
    @usableFromInline @exclusivity(unchecked) var _delegate: UnsafeMutableRawPointer?

    /// The middleware, in order, as the send path reads it: unretained, held by `middleware`
    /// or, once replaced during processing, by `retiredMiddleware`.
    @usableFromInline @exclusivity(unchecked)
    var _middlewareChain: Unmanaged<_MiddlewareChain<State, Action>>?
    /// The middleware; `nil` when there is none (one check per action). A chain replaced
    /// while an action is processed stays alive until the action is.
    @usableFromInline var middleware: _MiddlewareChain<State, Action>? {
        didSet {
            _middlewareChain = middleware.map { Unmanaged.passUnretained($0) }
            guard let oldValue, oldValue !== middleware else { return }
            if runtime.isIdle { return }  // no action is being processed: none uses it
            retiredMiddleware.append(oldValue)
        }
    }
    /// The chains replaced while an action was processed; let go once it is. Read after every
    /// action with middleware, by short accesses that never overlap: unchecked for exclusivity
    /// at run time (a checked read cost `flight.counter` about 15 ns).
    @usableFromInline @exclusivity(unchecked)
    var retiredMiddleware: [_MiddlewareChain<State, Action>] = []
    var nextMiddlewareToken = 0

    /// Watches every step (a `TestStore`); `nil` otherwise.
    package weak var stepDelegate: (any StoreStepDelegate<Action>)? {
        didSet { _hasStepDelegate = stepDelegate != nil }
    }
    /// `stepDelegate != nil`, as the inlined send path can see it.
    @usableFromInline @exclusivity(unchecked) var _hasStepDelegate = false

    /// Whether ``tearDown()`` ran.
    @usableFromInline @exclusivity(unchecked) package private(set) var isTornDown = false

    @inlinable
    package init(
        state: State,
        environment: Environment,
        update: @escaping (consuming State, Environment, Action) -> Update<State, Action>,
        executor: (any TaskExecutor)?,
        wakeUp: EffectRuntime<_StoreCore>.WakeUp
    ) {
        storage = _StateCell(state)
        self.environment = environment
        self.update = update
        runtime = EffectRuntime(executor: executor, wakeUp: wakeUp)
        runtime.attach(self)
    }

    /// Sets the store that owns this core, and installs its first middleware at `site`.
    @inlinable
    package func attach(
        _ delegate: Delegate, middleware: [Middleware<State, Action>],
        at site: _MiddlewareServices<State>
    ) {
        precondition(_delegate == nil, "A store core was attached to a second store.")
        _delegate = Unmanaged.passUnretained(delegate).toOpaque()
        self.middleware = .installing(middleware, at: site)
    }

    /// Calls `body` with the delegate, without retaining it.
    @inlinable
    func withDelegate<Result>(_ body: (Delegate) -> Result) -> Result {
        Unmanaged<Delegate>.fromOpaque(_delegate.unsafelyUnwrapped)._withUnsafeGuaranteedRef(body)
    }

    /// A core that goes away tears itself down: its effects end with it, its middleware is told.
    deinit {
        tearDown()
    }

    /// Cancels every effect, drops the queued actions, ends the sequences and tells the
    /// middleware; later actions are ignored and the delegate is never called again. Calling it
    /// again does nothing.
    @usableFromInline
    package func tearDown() {
        guard !isTornDown else { return }
        isTornDown = true
        runtime.close()
        committedStates.finish()
        processedActions.finish()
        middleware.tellTearDown()
    }

    /// Sends an action (see ``Store/send(_:)``); `nil` once torn down.
    @inlinable
    package func send(_ action: Action) -> EffectGroup? {
        if _slowPath(isTornDown) { return nil }
        return runtime.send(action)
    }

    /// Starts the effect of an initial update.
    @usableFromInline
    package func begin(with effect: Effect<Action>) {
        guard !isTornDown else { return }
        runtime.begin(with: effect)
    }

    /// Processes what effects delivered since the last drain (see ``EffectRuntime/drain()``).
    /// - Returns: Whether anything was delivered.
    @inlinable @discardableResult
    package func drainInbox() -> Bool {
        guard !isTornDown else { return false }
        return runtime.drain()
    }

    /// Whether an effect task the store started is still running (a test store asks).
    package func isRunning(_ running: RunningEffect) -> Bool {
        runtime.registry.isRunning(running)
    }

    /// Adds a middleware at the end of the chain; see ``Store/addMiddleware(_:)``.
    package func addMiddleware(
        _ middleware: Middleware<State, Action>, at site: _MiddlewareServices<State>
    ) -> MiddlewareToken {
        defer { nextMiddlewareToken += 1 }
        self.middleware.add(middleware, token: nextMiddlewareToken, at: site)
        return MiddlewareToken(id: nextMiddlewareToken)
    }

    /// Removes a middleware added with ``addMiddleware(_:at:)``.
    package func removeMiddleware(_ token: MiddlewareToken) {
        middleware.remove(token: token.id)
    }
}

extension _StoreCore: _MiddlewareRunner {
    @inlinable var _middlewareState: State { storage.value }
    @inlinable var _middlewareIsTornDown: Bool { isTornDown }

    /// Runs the update function for an action, commits its state and starts its effect.
    @inlinable
    func commit(_ action: Action, in group: EffectGroup?) -> EffectGroup? {
        // The state goes from the cell into the update function and back without a copy.
        let effect = unpack(
            { update(storage.take(), environment, action) }, stateInto: storage._pointer)
        storage._holdsValue = true
        if _slowPath(processedActions._hasSubscribers) { processedActions._publish(action) }
        if _slowPath(committedStates._hasSubscribers) { committedStates._publish(storage.value) }
        // The effects of children that this action removed end with them.
        if runtime.registry.hasLifetimes { runtime.registry.cancelDead(in: storage._pointer) }
        if effect.isNone { return group }
        let group = group ?? runtime.makeGroup()
        runtime.start(effect, in: group, after: action)
        return group
    }
}

/// What the core does with the work its runtime hands it.
extension _StoreCore: EffectRuntimeDelegate {
    /// Moves the state through the middleware and the update function and starts the effect
    /// it returns. Returns the group the effect joined: `group`, or a new one if there was
    /// none. The runtime calls it for every action: sent, queued, delivered by an effect or
    /// released after time travel.
    @inlinable
    package func runtimeProcess(_ action: Action, in group: EffectGroup?) -> EffectGroup? {
        if _slowPath(_hasStepDelegate) { return _processWithStepDelegate(action, in: group) }
        return processWithoutStepDelegate(action, in: group)
    }

    /// ``runtimeProcess(_:in:)`` with the step delegate told before and after.
    @usableFromInline
    func _processWithStepDelegate(_ action: Action, in group: EffectGroup?) -> EffectGroup? {
        stepDelegate?.willProcess(action, in: group)
        let joined = processWithoutStepDelegate(action, in: group)
        stepDelegate?.didProcess(action, in: group, joined: joined)
        return joined
    }

    /// Runs an action through the middleware, or straight to the update when there is none.
    @inlinable
    func processWithoutStepDelegate(_ action: Action, in group: EffectGroup?) -> EffectGroup? {
        if let chain = _middlewareChain {
            let joined = _processThroughMiddleware(action, in: group, unretained: chain)
            if !retiredMiddleware.isEmpty { retiredMiddleware = [] }
            return joined
        }
        return commit(action, in: group)
    }

    /// Tells the delegate that the turn's commits are done.
    @inlinable
    package func runtimeSettle() {
        withDelegate { $0.coreSettle() }
    }

    /// Tells the step delegate and the delegate of an update's animation.
    @usableFromInline
    package func runtimeAnimate(_ animation: any UpdateAnimation) {
        stepDelegate?.didAsk(toAnimate: animation)
        withDelegate { $0.coreAnimate(animation) }
    }

    @inlinable
    package func runtimeIsAlive(_ lifetime: EffectLifetime) -> Bool {
        lifetime.isAlive(in: storage._pointer)
    }

    /// Hands an error an effect did not handle to the step delegate, or else to the delegate.
    @usableFromInline
    package func runtimeEffectFailed(_ error: any Error, of running: RunningEffect) {
        guard !isTornDown else { return }
        if let stepDelegate {
            stepDelegate.effectFailed(error, of: running)
        } else {
            withDelegate { $0.coreEffectFailed(error) }
        }
    }

    @usableFromInline
    package func runtimeDidStart(_ running: RunningEffect) {
        stepDelegate?.didStart(running)
    }
}
