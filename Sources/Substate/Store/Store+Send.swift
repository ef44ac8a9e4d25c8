import Observation

extension Store {
    /// Sends an action: runs the update function, commits the new state and starts its effect.
    ///
    /// Everything happens before `send` returns: the update, the commit, the actions that the
    /// effect delivers synchronously, the start of its asynchronous work, and then, once, the
    /// observers' notification (inside the update's presentation, if it carries one: see
    /// ``UpdatePresentation``). Actions that the asynchronous work produces arrive later, each
    /// processed the same way.
    ///
    /// If the store is already processing an action (the send comes from an observer that the
    /// store notified, or from ``effectErrorHandler``), the action is queued and processed
    /// right after the current one, in the order sent. After ``tearDown()`` the action is
    /// ignored; a debug build writes a warning to standard error.
    ///
    /// - Parameter action: The action to process.
    /// - Returns: A task for the work this action causes. Await its ``StoreTask/finish()`` to
    ///   wait for the effects the action started, including those started by the actions
    ///   they produced; call ``StoreTask/cancel()`` to cancel them. Discard it if you need
    ///   neither.
    /// - Complexity: O(1) in the size of the state, plus the update function's own work.
    @inlinable @discardableResult
    public func send(_ action: Action) -> StoreTask {
        if _slowPath(_tornDown) {
            _warnSendAfterTearDown(action)
            return StoreTask(group: nil)
        }
        return StoreTask(group: runtime.send(action))
    }

    /// Cancels every effect the store is running.
    ///
    /// Cancelled effects' later actions are dropped, including actions already produced but
    /// not yet processed. The store itself keeps working: later sends start new effects.
    public func cancelEffects() {
        registry.cancelAll()
    }

    /// Tears the store down: cancels its effects, ends ``states`` and ``actions``, and ignores
    /// every later send.
    ///
    /// The state stays readable. Actions still queued are dropped, and tasks waiting in
    /// ``StoreTask/finish()`` or ``finishEffects()`` resume. A store that is deallocated
    /// tears itself down the same way. Calling it again does nothing.
    public func tearDown() {
        guard !_tornDown else { return }
        _tornDown = true
        releaseResources()
        _middleware.tellTearDown()
    }

    /// Cancels the effects, drops the queued actions, closes the inbox, resumes every waiter
    /// and ends the sequences. The middleware's state source hands out the last state from
    /// then on, including to the calls that the inbox drops.
    func releaseResources() {
        _stateSourceIfMade?.disconnect(final: _presentState)
        runtime.close()
        _committedStates.finish()
        _processedActions.finish()
    }

    /// Suspends until the store has no effect running and no action waiting.
    ///
    /// Use it in command-line programs to wait for all work to end before exiting. It
    /// returns at once after ``tearDown()``, and when the waiting task is cancelled.
    public func finishEffects() async {
        await runtime.outstanding.wait()
    }

    /// The number of effect tasks of the store that have not ended yet.
    ///
    /// A cancelled effect counts until its task has ended: cancellation (by id, by a child
    /// leaving the state, by ``cancelEffects()``) asks the task to stop at once and drops its
    /// later actions, but the task itself ends when it next runs and sees the cancellation,
    /// a moment later on another thread. Await ``finishEffects()`` to wait for every task to
    /// end. (A `TestStore`, which runs the tasks itself, sees cancelled tasks end before its
    /// next step.)
    public var runningEffectCount: Int { registry.count }

    @usableFromInline
    func _warnSendAfterTearDown(_ action: Action) {
        #if DEBUG
            writeToStandardError(
                "Substate: \(action) was sent to a store that was torn down; it is ignored."
            )
        #endif
    }

    /// Moves the state through the middleware and the update function and starts the effect
    /// it returns. Returns the group the effect joined: `group`, or a new one if there was
    /// none. The runtime calls it for every action: sent, queued, delivered by an effect or
    /// released after time travel.
    @inlinable
    func process(_ action: Action, in group: EffectGroup?) -> EffectGroup? {
        if _slowPath(_isProbed) { return _processProbed(action, in: group) }
        return processUnprobed(action, in: group)
    }

    /// ``process(_:in:)`` with the probe told before and after.
    @usableFromInline
    func _processProbed(_ action: Action, in group: EffectGroup?) -> EffectGroup? {
        probe?.willProcess(action, in: group)
        let joined = processUnprobed(action, in: group)
        probe?.didProcess(action, in: group, joined: joined)
        return joined
    }

    @inlinable
    func processUnprobed(_ action: Action, in group: EffectGroup?) -> EffectGroup? {
        if let chain = _middlewareChain {
            // `_middleware` holds the chain, or `_retiredMiddlewareChains` once a hook
            // replaced it: it lives until the action is processed.
            let joined = _processThroughMiddleware(action, in: group, unretained: chain)
            if !_retiredMiddlewareChains.isEmpty { _retiredMiddlewareChains = [] }
            return joined
        }
        return commit(action, in: group)
    }

    /// Runs the update function for an action, commits its state and starts its effect.
    @inlinable
    func commit(_ action: Action, in group: EffectGroup?) -> EffectGroup? {
        // The state goes from the cell into the update function and back without a copy.
        let effect = unpack(
            { _updateFunction(_storage.take(), _environment, action) },
            stateInto: _storage._pointer)
        _storage._holdsValue = true
        if _slowPath(_processedActions._hasSubscribers) { _processedActions._publish(action) }
        if _slowPath(_committedStates._hasSubscribers) {
            _committedStates._publish(_storage.value)
        }
        // The effects of children that this action removed end with them.
        if registry.hasLifetimes { registry.cancelDead(in: _storage._pointer) }
        if effect.isNone { return group }
        let group = group ?? runtime.makeGroup()
        runtime.start(effect, in: group, after: action)
        return group
    }

    /// Processes what effects delivered since the last drain (see
    /// ``EffectRuntime/drain()``). The runtime calls it on the main actor when effects
    /// deliver; with a test executor, the test store calls it when its scheduler is idle.
    /// - Returns: Whether anything was delivered.
    @inlinable @discardableResult
    package func drainInbox() -> Bool {
        guard !_tornDown else { return false }
        return runtime.drain()
    }

    /// Whether an effect task the store started is still running (a test store asks).
    package func isRunning(_ record: EffectRecord) -> Bool {
        registry.isRunning(record)
    }
}

/// What the store does with the work its runtime hands it.
extension Store: @MainActor EffectRuntimeClient {
    @inlinable
    package func runtimeProcess(_ action: Action, in group: EffectGroup?) -> EffectGroup? {
        process(action, in: group)
    }

    /// Tells observers and scoped stores about the commits just made, inside the pending
    /// presentation if there is one. Their sends are queued meanwhile; the runtime processes
    /// them and settles again.
    @inlinable
    package func runtimeSettle() {
        // The runtime settles between updates, never inside one: the cell holds the state.
        _observation.notify(UnsafePointer(_storage._pointer), of: self)
    }

    /// Notes the presentation of an update being committed; the last one wins.
    @usableFromInline
    package func runtimePresent(_ presentation: any UpdatePresentation) {
        probe?.didAsk(toPresent: presentation)
        _observation.setPending(presentation)
    }

    @inlinable
    package func runtimeIsAlive(_ lifetime: EffectLifetime) -> Bool {
        lifetime.isAlive(in: _storage._pointer)
    }

    /// Hands an error an effect did not handle to the probe, or else to the error handler.
    @usableFromInline
    package func runtimeEffectFailed(_ error: any Error, of record: EffectRecord) {
        guard !_tornDown else { return }
        if let probe {
            probe.effectFailed(error, of: record)
        } else {
            effectErrorHandler(error)
        }
    }

    @usableFromInline
    package func runtimeDidStart(_ record: EffectRecord) {
        probe?.didStart(record)
    }
}
