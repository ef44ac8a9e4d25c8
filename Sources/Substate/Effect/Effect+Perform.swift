extension Effect {
    /// The priority to start this effect's task with, if it asks for one.
    @usableFromInline var priority: TaskPriority? {
        if case .run(let priority, _, _) = operation { return priority }
        return nil
    }

    /// Whether the store can deliver all of this effect's actions without starting a task.
    var isSynchronous: Bool {
        switch operation {
        case .none, .actions: return true
        case .run, .concatenate: return false
        case .merge(let effects): return effects.allSatisfy(\.isSynchronous)
        }
    }

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
