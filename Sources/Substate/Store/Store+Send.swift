import Observation

extension Store {
    /// Sends an action: runs the update function, commits the new state and starts its effect.
    ///
    /// Everything happens before `send` returns: the update, the commit, the actions that the
    /// effect delivers synchronously, the start of its asynchronous work, and then, once, the
    /// observers' notification (inside the update's animation, if it carries one: see
    /// ``UpdateAnimation``). Actions that the asynchronous work produces arrive later, each
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
        if _slowPath(core.isTornDown) {
            _warnSendAfterTearDown(action)
            return StoreTask(group: nil)
        }
        return StoreTask(group: core.runtime.send(action))
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
        guard !core.isTornDown else { return }
        // The middleware's state source hands out the last state from then on, including to
        // the calls that the closed inbox drops.
        _stateSourceIfMade?.disconnect(final: _presentState)
        core.tearDown()
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

    /// Processes what effects delivered since the last drain (see
    /// ``EffectRuntime/drain()``). The runtime calls it on the main actor when effects
    /// deliver; with a test executor, the test store calls it when its scheduler is idle.
    /// - Returns: Whether anything was delivered.
    @inlinable @discardableResult
    package func drainInbox() -> Bool {
        core.drainInbox()
    }

    /// Whether an effect task the store started is still running (a test store asks).
    package func isRunning(_ running: RunningEffect) -> Bool {
        core.isRunning(running)
    }
}

/// What the store adds to its core: its observers, told after every turn, inside the
/// update's animation if there is one, and its error handler.
extension Store: @MainActor _StoreCoreDelegate {
    /// Tells observers and scoped stores about the commits just made, inside the pending
    /// animation if there is one. Their sends are queued meanwhile; the runtime processes
    /// them and settles again.
    @inlinable
    package func coreSettle() {
        // The runtime settles between updates, never inside one: the cell holds the state.
        _observation.notify(UnsafePointer(_storage._pointer), of: self)
    }

    /// Notes the animation of an update being committed; the last one wins.
    @usableFromInline
    package func coreAnimate(_ animation: any UpdateAnimation) {
        _observation.setPending(animation)
    }

    @usableFromInline
    package func coreEffectFailed(_ error: any Error) {
        effectErrorHandler(error)
    }
}
