extension EffectRuntime {
    /// Starts an effect in a group: cancellations happen now, synchronous actions are queued,
    /// the rest runs in tasks. Animations go to the delegate, and a child's effects start
    /// only if the delegate finds the child alive.
    @inlinable
    package func start(_ effect: Effect<Action>, in group: EffectGroup) {
        effect.start(
            in: registry,
            deliver: { enqueue($0, in: group) },
            spawn: { spawn($0, marks: $1, in: group) },
            animate: { animation in withDelegate { $0.runtimeAnimate(animation) } },
            isAlive: { lifetime in withDelegate { $0.runtimeIsAlive(lifetime) } }
        )
    }

    /// ``start(_:in:)`` for the effect of `action`'s update, which messages name.
    @inlinable
    package func start(_ effect: Effect<Action>, in group: EffectGroup, after action: Action) {
        effect.start(
            in: registry,
            deliver: { enqueue($0, in: group) },
            spawn: { spawn($0, marks: $1, in: group) },
            animate: { animation in withDelegate { $0.runtimeAnimate(animation) } },
            isAlive: { lifetime in withDelegate { $0.runtimeIsAlive(lifetime) } },
            dismissed: { _warnUnhandledDismissal($0, after: action) }
        )
    }

    /// Runs an effect in a task of its own, registered under its marks.
    @inlinable
    func spawn(_ effect: Effect<Action>, marks: EffectMarks, in group: EffectGroup) {
        let run = _EffectRun(
            effect: effect, group: group, inbox: inbox, registry: registry,
            outstanding: outstanding)
        guard registry.insert(run, marks: marks) else { return }
        group.enter(run)
        outstanding.enter()
        run._attach(EffectTasks.start(on: executor, priority: effect.priority, running: run))
        withDelegate { $0.runtimeDidStart(run) }
    }

    /// Handles what effects delivered since the last drain, batch after batch, each in one
    /// turn of the processing loop: each action from an effect not cancelled meanwhile is
    /// processed in the effect's group, errors go to the delegate after the batch, and each
    /// effect that finished is forgotten (the other path by which effects end is
    /// ``_EffectRun/end()``, for cancelled ones).
    /// - Returns: Whether anything was delivered.
    @inlinable
    @discardableResult
    package func drain() -> Bool {
        guard _phase != .closed else { return false }
        precondition(_phase == .idle, "An effect runtime was drained while processing.")
        var errors: [(any Error, RunningEffect)] = []
        var delivered = false
        inbox.drain { entries, actionCount in
            delivered = true
            turn(settles: actionCount > 0) { handle(entries, errors: &errors) }
        }
        for (error, running) in errors where _phase != .closed {
            withDelegate { $0.runtimeEffectFailed(error, of: running) }
        }
        return delivered
    }

    @inlinable
    func handle(
        _ entries: [EffectInbox<Action>._Entry], errors: inout [(any Error, RunningEffect)]
    ) {
        // The sender of the actions that follow, unretained: `entries` holds it for the
        // batch. A reference count changed per action here is one the effect's task changes
        // too, on the other core, as it sends (`effect.stream`).
        var sender: Unmanaged<RunningEffect>?
        for entry in entries {
            guard _phase != .closed else { return }
            switch entry {
            case .from(let running):
                sender = Unmanaged.passUnretained(running)
            case .action(let action):
                guard let group = sender?._withUnsafeGuaranteedRef({ $0.liveGroup }) else {
                    continue
                }
                _ = process(action, in: group)
                processQueue()
            case .failed(let error, let running):
                if !running.isCancelled { errors.append((error, running)) }
            case .finished(let running):
                registry.remove(running)
                leave(running._group)
            case .call(let call):
                call.run()
            }
        }
    }
}
