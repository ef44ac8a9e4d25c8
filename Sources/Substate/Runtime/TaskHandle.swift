/// An ``EffectHandle`` for a plain task: cancelling it cancels the task. Used where effects
/// run outside a store (an iterated effect, a test store).
package final class TaskHandle: EffectHandle, @unchecked Sendable {
    // Sendable: its task and count are under a lock.
    private let task = Locked<(task: Task<Void, Never>?, cancellations: Int)>((nil, 0))

    override package init() {}

    /// Attaches the task; cancels it at once if the handle was cancelled first.
    package func attach(_ task: Task<Void, Never>) {
        let cancelled = self.task.withLock { state in
            state.task = task
            return state.cancellations > 0
        }
        if cancelled { task.cancel() }
    }

    package var isCancelled: Bool { cancellationCount > 0 }

    /// How many times the handle was asked to cancel (a registry asks once per effect).
    package var cancellationCount: Int { task.withLock { $0.cancellations } }

    @usableFromInline
    override package func cancel() {
        let task = self.task.withLock { state in
            state.cancellations += 1
            return state.task
        }
        task?.cancel()
    }
}
