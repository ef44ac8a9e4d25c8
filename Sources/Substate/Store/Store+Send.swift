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
        if tornDown {
            warnSendAfterTearDown(action)
            return StoreTask(group: nil)
        }
        if isProcessing {
            let group = EffectGroup.make(scope: registry)
            enqueue(action, in: group)
            return StoreTask(group: group)
        }
        isProcessing = true
        let group = process(action, in: nil)
        processQueue()
        notifyObservers()
        return StoreTask(group: group)
    }

    /// Tells observers and scoped stores about the commits just made, inside the pending
    /// presentation if there is one, then processes the actions they sent meanwhile (queued,
    /// because `isProcessing` is still set) and tells them again, until none is left. Ends
    /// the processing.
    @inlinable
    func notifyObservers() {
        while true {
            if hasPendingPresentation {
                presentPending()
            } else {
                publishChange()
            }
            guard !queue.isEmpty else { break }
            processQueue()
        }
        isProcessing = false
    }

    /// Tells the observers of ``state`` and the scoped stores that the state changed.
    @inlinable
    func publishChange() {
        registrar.withMutation(of: self, keyPath: stateKeyPath) {}
        if !scopes.isEmpty { refreshScopes() }
    }

    /// Notes the presentation of an update being committed; the last one wins.
    @usableFromInline
    func setPending(_ presentation: any UpdatePresentation) {
        pendingPresentation = presentation
        hasPendingPresentation = true
    }

    /// Notifies inside the pending presentation; makes sure observers are told exactly once
    /// even if the presentation does not call its `notify` function, or calls it twice.
    @usableFromInline
    func presentPending() {
        guard let presentation = pendingPresentation else { return }
        pendingPresentation = nil
        hasPendingPresentation = false
        var notified = false
        let notify = {
            guard !notified else { return }
            notified = true
            self.publishChange()
        }
        presentation.present(notify)
        if !notified {
            warnPresentationDidNotNotify(presentation)
            notify()
        }
    }

    @usableFromInline
    func warnPresentationDidNotNotify(_ presentation: any UpdatePresentation) {
        #if DEBUG
            writeToStandardError(
                "Substate: \(type(of: presentation)).present(_:) did not call notify; "
                    + "the store notified its observers after it returned."
            )
        #endif
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
        guard !tornDown else { return }
        tornDown = true
        for entry in queue[queueHead...] { entry.group.close() }
        queue = []
        queueHead = 0
        releaseResources()
        tearDownMiddleware()
    }

    /// Cancels the effects, closes the inbox, resumes every waiter and ends the sequences.
    /// Touches only `Sendable` constants, so that `deinit` can call it from any thread.
    nonisolated func releaseResources() {
        registry.close()
        inbox.close()
        outstanding.close()
        committedStates.finish()
        processedActions.finish()
    }

    /// Suspends until the store has no effect running and no action waiting.
    ///
    /// Use it in command-line programs to wait for all work to end before exiting. It
    /// returns at once after ``tearDown()``, and when the waiting task is cancelled.
    public func finishEffects() async {
        await outstanding.wait()
    }

    /// The number of effect tasks the store is running.
    public var runningEffectCount: Int { registry.count }

    @usableFromInline
    func warnSendAfterTearDown(_ action: Action) {
        #if DEBUG
            writeToStandardError(
                "Substate: \(action) was sent to a store that was torn down; it is ignored."
            )
        #endif
    }

    /// Moves the state through the update function and starts the effect it returns.
    /// Returns the group the effect joined: `group`, or a new one if there was none.
    @inlinable
    func process(_ action: Action, in group: EffectGroup?) -> EffectGroup? {
        if let chain = middlewareChain {
            return processThroughMiddleware(action, in: group, chain: chain)
        }
        return commit(action, in: group)
    }

    /// Runs the update function for an action, commits its state and starts its effect.
    @inlinable
    func commit(_ action: Action, in group: EffectGroup?) -> EffectGroup? {
        // The state goes from the cell into the update function and back without a copy.
        let effect = unpack(
            { updateFunction(storage.take(), environment, action) }, stateInto: storage.pointer)
        storage.isPresent = true
        if processedActions.hasSubscribers { processedActions.publish(action) }
        if committedStates.hasSubscribers { committedStates.publish(storage.value) }
        // The effects of children that this action removed end with them.
        if registry.hasPresenceConditions { registry.cancelAbsent(in: storage.pointer) }
        if effect.isNone { return group }
        let group = group ?? EffectGroup.make(scope: registry)
        start(effect, in: group)
        return group
    }

    @usableFromInline
    func enqueue(_ action: Action, in group: EffectGroup) {
        group.enter()
        outstanding.enter()
        queue.append(Queued(action: action, group: group))
    }

    /// Processes queued actions, in order, until none is left.
    @inlinable
    func processQueue() {
        guard !queue.isEmpty else { return }
        while queueHead < queue.count, !tornDown {
            let next = queue[queueHead]
            queueHead += 1
            _ = process(next.action, in: next.group)
            next.group.leave()
            outstanding.leave()
        }
        queue.removeAll(keepingCapacity: true)
        queueHead = 0
    }

    /// Starts an effect: synchronous actions go to the queue, the rest runs in a task.
    @inlinable
    func start(_ effect: Effect<Action>, in group: EffectGroup) {
        effect.start(
            in: registry,
            deliver: { enqueue($0, in: group) },
            spawn: { spawn($0, tags: $1, in: group) },
            present: { setPending($0) },
            isPresent: { $0.isPresent(in: storage.pointer) }
        )
    }

    /// Runs an effect in a task of its own, off the main actor.
    @inlinable
    func spawn(_ effect: Effect<Action>, tags: EffectTags, in group: EffectGroup) {
        let run = EffectRun(
            effect: effect, group: group, inbox: inbox, scope: registry, outstanding: outstanding)
        guard registry.insert(run, tags: tags) else { return }
        group.enter(run)
        outstanding.enter()
        let task = Task.detached(priority: effect.priority) { await run.run() }
        run.attach(task)
    }

    /// Processes what effects delivered since the last drain, in order, in one observed
    /// mutation of ``state``.
    @inlinable
    func drainInbox() {
        guard !tornDown else { return }
        var errors: [any Error] = []
        inbox.drain { entries, actionCount in
            isProcessing = true
            handle(entries, errors: &errors)
            if actionCount > 0 {
                notifyObservers()
            } else {
                isProcessing = false
            }
        }
        for error in errors where !tornDown {
            effectErrorHandler(error)
        }
    }

    @inlinable
    func handle(_ entries: [EffectInbox<Action>.Entry], errors: inout [any Error]) {
        var sender: EffectRecord?
        for entry in entries {
            guard !tornDown else { return }
            switch entry {
            case .from(let record):
                sender = record
            case .action(let action):
                guard let sender, !sender.isCancelled else { continue }
                _ = process(action, in: sender.group)
                processQueue()
            case .failed(let error, let record):
                if !record.isCancelled { errors.append(error) }
            case .finished(let record):
                registry.remove(record)
                record.group.leave()
                outstanding.leave()
            }
        }
    }
}
