import Synchronization

/// One effect task the store started: its group, its task, and whether it was cancelled.
/// Actions from a cancelled record are dropped, even those already on their way.
@usableFromInline
final class EffectRecord: EffectHandle {
    @usableFromInline let group: EffectGroup?
    @usableFromInline let cancelled = Atomic<Bool>(false)
    private let task = Locked<Task<Void, Never>?>(nil)

    @usableFromInline
    init(group: EffectGroup?) {
        self.group = group
    }

    @inlinable var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Attaches the running task; cancels it at once if the record was cancelled first.
    @usableFromInline
    func attach(_ task: Task<Void, Never>) {
        self.task.withLock { $0 = task }
        if isCancelled { task.cancel() }
    }

    @usableFromInline
    package func cancel() {
        cancelled.store(true, ordering: .releasing)
        task.withLock { $0 }?.cancel()
    }

    @usableFromInline
    package func scopeDidClose() {
        group?.close()
    }
}
