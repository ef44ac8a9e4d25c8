extension Effect {
    /// The priority to start this effect's task with, if it asks for one.
    @usableFromInline var priority: TaskPriority? {
        switch _operation {
        case .work(let priority, _): return priority
        case .marked(_, let inner): return inner.priority
        default: return nil
        }
    }

    /// The priority to start this effect's task with. `package`, for SubstateTesting.
    package var taskPriority: TaskPriority? { priority }

    /// Starts the effect the way a store does: cancellations happen now, synchronous actions
    /// are delivered in order, and the parts that need a task are handed to `spawn` with the
    /// cancellation ids they run under. `package`, so that SubstateTesting's store starts
    /// effects exactly as ``Store`` does.
    /// - Parameters:
    ///   - registry: The store's effects, for cancellation ids and throttles.
    ///   - marks: The ids of the `cancellable` operators around this effect, and the
    ///     lifetime conditions of the children that started it.
    ///   - deliver: Called with each synchronous action, in order.
    ///   - spawn: Called with each part that needs a task, and its marks.
    ///   - animate: Called with each animation in the effect (see ``UpdateAnimation``),
    ///     in order, before the parts inside it start.
    ///   - isAlive: Whether a child's part of the state is still there, asked of the
    ///     state just committed. The effects of a child that is gone by then do not start.
    ///   - dismissed: Called with a request to be dismissed that nothing took (see
    ///     ``Update/dismiss(_:)``).
    @inlinable
    package func start(
        in registry: EffectRegistry,
        marks: EffectMarks = EffectMarks(),
        deliver: (Action) -> Void,
        spawn: (Effect, EffectMarks) -> Void,
        animate: (any UpdateAnimation) -> Void = { _ in },
        isAlive: (EffectLifetime) -> Bool = { _ in true },
        dismissed: (_DismissingProgram) -> Void = { _warnUnhandledDismissal($0, after: nil) }
    ) {
        switch _operation {
        case .none:
            return
        case .actions(let actions):
            for action in actions { deliver(action) }
        case .merge(let effects):
            for effect in effects {
                effect.start(
                    in: registry, marks: marks, deliver: deliver, spawn: spawn, animate: animate,
                    isAlive: isAlive, dismissed: dismissed)
            }
        case .work, .concatenate:
            spawn(self, marks)
        case .marked(let mark, let inner):
            var marks = marks
            switch mark {
            case .id(let id, let cancelInFlight):
                if cancelInFlight { registry.cancel(id: id) }
                marks.ids.append(id)
            case .lifetime(let lifetime):
                // A child removed by the time its update was committed starts nothing: not
                // its work, its actions, nor the cancellations it asked for (which would
                // otherwise reach another child that took its place, such as another case of
                // an enum).
                guard isAlive(lifetime) else { return }
                marks.lifetimes.append(lifetime)
            case .animation(let animation):
                animate(animation)
            case .dismiss(let program):
                // Only a presentation or a stack can dismiss a program; they take the mark
                // before the effect gets here.
                dismissed(program)
            }
            inner.start(
                in: registry, marks: marks, deliver: deliver, spawn: spawn, animate: animate,
                isAlive: isAlive, dismissed: dismissed)
        case .deferred(let decide):
            decide(registry, ._root).start(
                in: registry, marks: marks, deliver: deliver, spawn: spawn, animate: animate,
                isAlive: isAlive, dismissed: dismissed)
        }
    }

    /// Runs the effect to its end in the current task. `package`, for SubstateTesting.
    /// - Parameters:
    ///   - send: Where actions go.
    ///   - context: The store's registry and the handle of the running task.
    ///   - report: Receives errors that no `catch` handler took. Errors thrown once the task
    ///     is cancelled are not reported: cancellation is how effects end.
    ///
    /// The usual effects (a `run`, under an id or a lifetime) are run here; the others by
    /// ``_performComposite(send:context:report:)``. An async function's frame holds what
    /// every one of its paths keeps across a suspension, and the task allocates it for each
    /// call: with the task group, the loops and the nested calls of the composite effects,
    /// this frame was 928 bytes, so that every effect's task allocated two more 1,000-byte
    /// slabs than a bare task (see `effect.start` in <doc:Performance>).
    @inlinable
    package func perform(
        send: Send<Action>,
        context: EffectContext,
        report: @escaping @Sendable (any Error) -> Void
    ) async {
        switch _operation {
        case .none:
            return
        case .work(_, let work):
            await work(send, context, report)
        case .marked(let mark, let inner):
            mark._enter(context)
            await inner.perform(send: send, context: context, report: report)
        case .actions, .merge, .concatenate, .deferred:
            await _performComposite(send: send, context: context, report: report)
        }
    }

    /// ``perform(send:context:report:)`` for the effects made of others, and of actions.
    @inlinable @inline(never)
    func _performComposite(
        send: Send<Action>,
        context: EffectContext,
        report: @escaping @Sendable (any Error) -> Void
    ) async {
        switch _operation {
        case .none, .work, .marked:
            await perform(send: send, context: context, report: report)
        case .actions(let actions):
            for action in actions {
                await send(action)
            }
        case .merge(let effects):
            await withTaskGroup(of: Void.self) { group in
                for effect in effects {
                    group.addTask(priority: effect.priority) {
                        await effect.perform(send: send, context: context, report: report)
                    }
                }
            }
        case .concatenate(let effects):
            for effect in effects {
                guard !Task.isCancelled else { return }
                await effect.perform(send: send, context: context, report: report)
            }
        case .deferred(let decide):
            await decide(context.registry, context._place).perform(
                send: send, context: context, report: report)
        }
    }

    /// Runs a `run` effect's operation: an error goes to its `catch` handler, or else to
    /// `report`, unless the task was cancelled.
    @inlinable
    static func execute(
        _ body: _Operation._Body, catch handler: _Operation._Handler?, send: Send<Action>,
        report: (any Error) -> Void
    ) async {
        do {
            try await body(send)
        } catch {
            guard !Task.isCancelled else { return }
            if let handler {
                await handler(error, send)
            } else {
                report(error)
            }
        }
    }
}
