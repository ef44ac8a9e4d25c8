/// An ``EffectHandle`` for a plain task: cancelling it cancels the task. Used where effects
/// run outside a store (an iterated effect, a test store).
package final class TaskHandle: EffectHandle {
    private let task = Locked<(task: Task<Void, Never>?, isCancelled: Bool)>((nil, false))

    package init() {}

    /// Attaches the task; cancels it at once if the handle was cancelled first.
    package func attach(_ task: Task<Void, Never>) {
        let cancelled = self.task.withLock { state in
            state.task = task
            return state.isCancelled
        }
        if cancelled { task.cancel() }
    }

    package var isCancelled: Bool { task.withLock { $0.isCancelled } }

    @usableFromInline
    package func cancel() {
        let task = self.task.withLock { state in
            state.isCancelled = true
            return state.task
        }
        task?.cancel()
    }
}
