extension EffectRuntime {
    /// Processes an action: at once if the runtime is idle (in a turn of the processing loop),
    /// queued behind the current one if it is processing, not at all once it is closed.
    /// - Returns: The group of the work the action causes; `nil` when there is none, or the
    ///   runtime is closed.
    @inlinable
    package func send(_ action: Action) -> EffectGroup? {
        switch _phase {
        case .idle:
            // `settles` written out: unoptimised, a default argument is a call of its own.
            return turn(settles: true) { process(action, in: nil) }
        case .processing:
            let group = makeGroup()
            enqueue(action, in: group)
            return group
        case .closed:
            return nil
        }
    }

    /// Starts the effect of an initial update, in one turn of the processing loop.
    @usableFromInline
    package func begin(with effect: Effect<Action>) {
        guard !effect.isNone, _phase == .idle else { return }
        turn { start(effect, in: makeGroup()) }
    }

    /// Processes one action for the delegate, or holds it while the delegate shows a past state.
    /// The one entry for every action: sent, queued, delivered by an effect or released.
    @inlinable
    func process(_ action: Action, in group: EffectGroup?) -> EffectGroup? {
        if _slowPath(_isHolding) { return hold(action, in: group) }
        return withDelegate { $0.runtimeProcess(action, in: group) }
    }

    /// Processes work in one turn: runs `body` (process the first action, start an initial
    /// effect, handle what effects delivered), then the released and the queued actions, then
    /// the delegate settles (the store notifies its observers, who may send: their actions are
    /// queued), and again until nothing is queued.
    /// - Parameters:
    ///   - settles: Whether the delegate settles; `false` when the turn committed nothing.
    ///   - body: The work that starts the turn.
    /// - Returns: What `body` returned.
    @inlinable
    func turn<Result>(settles: Bool = true, _ body: () -> Result) -> Result {
        // The phase matched, not compared with `==`: unoptimised, that is two calls (the
        // synthesised `==` through its `Equatable` witness), and a send makes two here.
        guard case .idle = _phase else {
            preconditionFailure("A turn of the processing loop began inside another.")
        }
        _phase = .processing
        let result = body()
        if settles {
            repeat {
                if _slowPath(_hasReleased) { processReleased() }
                if _hasQueued { processQueue() }
                withDelegate { $0.runtimeSettle() }
            } while (_hasQueued || _hasReleased) && _phase != .closed
        } else {
            if _slowPath(_hasReleased) { processReleased() }
            if _hasQueued { processQueue() }
        }
        if case .processing = _phase { _phase = .idle }
        return result
    }

    /// Queues an action in a group; it counts as pending work until processed.
    @inlinable
    func enqueue(_ action: Action, in group: EffectGroup) {
        enter(group)
        _queue.append(Queued(action: action, group: group))
    }

    /// Counts a piece of pending work (a queued or held action) in its group and in
    /// ``outstanding``; ``leave(_:)`` ends it.
    @usableFromInline
    func enter(_ group: EffectGroup) {
        group.enter()
        outstanding.enter()
    }

    /// Ends a piece of pending work: a queued or held action that was processed or dropped.
    @usableFromInline
    func leave(_ group: EffectGroup) {
        group.leave()
        outstanding.leave()
    }

    /// Processes queued actions, in order, until none is left.
    @inlinable
    func processQueue() {
        guard _hasQueued else { return }
        while _queueHead < _queue.count, _phase != .closed {
            let next = _queue[_queueHead]
            _queueHead += 1
            _ = process(next.action, in: next.group)
            leave(next.group)
        }
        _queue.removeAll(keepingCapacity: true)
        _queueHead = 0
    }

    // MARK: Holding (time travel)

    /// Holds every action from now on instead of processing it, until ``releaseHeld()``:
    /// sent, queued or delivered by effects, each counts as pending work in its group.
    package func startHolding() {
        guard _phase != .closed, !_isHolding else { return }
        _held = []
    }

    /// Whether actions are held (see ``startHolding()``).
    package var isHolding: Bool { _isHolding }

    /// Holds an action; it counts as pending work in its group until released or dropped.
    @usableFromInline
    func hold(_ action: Action, in group: EffectGroup?) -> EffectGroup {
        let group = group ?? makeGroup()
        enter(group)
        _held?.append(Queued(action: action, group: group))
        return group
    }

    /// Stops holding, and processes the held actions in the order they arrived, each
    /// followed by the actions it queues (as when they were sent), before the actions queued
    /// meanwhile: in the turn in progress if there is one (released from an observer, say),
    /// so that no turn nests in another; else in a turn of its own.
    package func releaseHeld() {
        guard let held = _held else { return }
        _held = nil
        guard !held.isEmpty, _phase != .closed else { return }
        _released += held
        if _phase == .idle { turn {} }
    }

    /// Processes the released held actions, each followed by the queue it leads to.
    @usableFromInline
    func processReleased() {
        let entries = _released
        _released = []
        for entry in entries {
            if _phase == .closed {
                entry.group.close()
                continue
            }
            _ = process(entry.action, in: entry.group)
            processQueue()
            leave(entry.group)
        }
    }

    // MARK: Closing

    /// Cancels every effect, drops queued and held actions, closes the inbox and resumes
    /// every waiter. Later effects are refused; the delegate is never called again.
    @usableFromInline
    package func close() {
        guard _phase != .closed else { return }
        _phase = .closed
        for entry in _queue[_queueHead...] { entry.group.close() }
        for entry in (_held ?? []) + _released { entry.group.close() }
        _queue = []
        _queueHead = 0
        _held = nil
        _released = []
        registry.close()
        inbox.close()
        outstanding.close()
    }
}
