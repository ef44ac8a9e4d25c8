extension Effect {
    /// The priority to start this effect's task with, if it asks for one.
    @usableFromInline var priority: TaskPriority? {
        if case .run(let priority, _, _) = operation { return priority }
        return nil
    }

    /// Splits the effect the way a store starts it: actions to deliver synchronously, in
    /// order, and parts to run in tasks of their own. `package`, for SubstateTesting's store.
    /// - Parameters:
    ///   - deliver: Called with each synchronous action, in order.
    ///   - spawn: Called with each part that needs a task.
    @usableFromInline
    package func start(deliver: (Action) -> Void, spawn: (Effect) -> Void) {
        switch operation {
        case .none:
            return
        case .actions(let actions):
            for action in actions { deliver(action) }
        case .merge(let effects):
            for effect in effects { effect.start(deliver: deliver, spawn: spawn) }
        case .run, .concatenate:
            spawn(self)
        }
    }

    /// Runs the effect to its end in the current task; see `perform(send:report:)`.
    package func run(send: Send<Action>, report: @escaping @Sendable (any Error) -> Void) async {
        await perform(send: send, report: report)
    }

    /// The priority to start this effect's task with. `package`, for SubstateTesting.
    package var taskPriority: TaskPriority? { priority }

    /// Runs the effect to its end in the current task.
    ///
    /// - Parameters:
    ///   - send: Where actions go.
    ///   - report: Receives errors that no `catch` handler took. Errors thrown once the task
    ///     is cancelled are not reported: cancellation is how effects end.
    @usableFromInline
    func perform(
        send: Send<Action>,
        report: @escaping @Sendable (any Error) -> Void
    ) async {
        switch operation {
        case .none:
            return
        case .actions(let actions):
            for action in actions {
                await send(action)
            }
        case .run(_, let body, let handler):
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
        case .merge(let effects):
            await withTaskGroup(of: Void.self) { group in
                for effect in effects {
                    group.addTask(priority: effect.priority) {
                        await effect.perform(send: send, report: report)
                    }
                }
            }
        case .concatenate(let effects):
            for effect in effects {
                guard !Task.isCancelled else { return }
                await effect.perform(send: send, report: report)
            }
        }
    }
}
