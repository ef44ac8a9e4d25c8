import Synchronization

/// One effect task the store started: its group, its task, and whether it was cancelled.
/// Actions from a cancelled record are dropped, even those already on their way. The store
/// makes an ``_EffectRun``, which adds what the task needs to run.
///
/// Lock-free, to keep starting an effect cheap: `_phase` goes from `detached` to `attached`
/// once the task is stored, or to `cancelled` at any time. The task is written before the
/// releasing transition to `attached` and read only after an acquiring look at it.
@usableFromInline
package class EffectRecord: EffectHandle, @unchecked Sendable {
    @usableFromInline let _group: EffectGroup
    @usableFromInline let _phase = Atomic<Int>(_Phase._detached)
    /// The next record in its registry's stack of ended records (see `EffectRegistry.ended`).
    nonisolated(unsafe) var nextEnded: UnsafeMutableRawPointer?
    nonisolated(unsafe) private var task: Task<Void, Never>?

    @usableFromInline
    enum _Phase {
        @usableFromInline static let _detached = 0
        static let attached = 1
        @usableFromInline static let _cancelled = 2
    }

    @usableFromInline
    package init(group: EffectGroup) {
        self._group = group
    }

    @inlinable var isCancelled: Bool { _phase.load(ordering: .acquiring) == _Phase._cancelled }

    /// Attaches the running task; cancels it at once if the record was cancelled first.
    @usableFromInline
    final func _attach(_ task: Task<Void, Never>) {
        self.task = task
        let (attached, _) = _phase.compareExchange(
            expected: _Phase._detached, desired: _Phase.attached, ordering: .acquiringAndReleasing)
        if !attached { task.cancel() }
    }

    @usableFromInline
    package final func cancel() {
        let previous = _phase.exchange(_Phase._cancelled, ordering: .acquiringAndReleasing)
        guard previous == _Phase.attached else { return }
        // Only the first canceller gets here. The record keeps its task until the record
        // goes: the registry lets go of a cancelled record as soon as its task has ended (see
        // `EffectRegistry.ended`), on the store's thread, so the task's memory is freed on the
        // thread that allocated it rather than by the worker that ran it.
        task?.cancel()
    }

    @usableFromInline
    package final func registryDidClose() {
        _group.close()
    }
}
