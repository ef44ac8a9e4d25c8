import Synchronization

/// One effect task the store started: its group, its task, and whether it was cancelled.
/// Actions from a cancelled running effect are dropped, even those already on their way. The store
/// makes an ``_EffectRun``, which adds what the task needs to run.
///
/// Lock-free, to keep starting an effect cheap: `_phase` goes from `starting` to `attached`
/// once the task is stored, or to `cancelled` at any time (see ``_Phase``). The task is
/// written before the releasing transition to `attached` and read only after an acquiring
/// look at it.
@usableFromInline
package class RunningEffect: EffectHandle, @unchecked Sendable {
    @usableFromInline let _group: EffectGroup
    @usableFromInline let _phase = Atomic<_Phase>(.starting)
    /// The next running effect in its registry's stack of ended running effects (see
    /// `EffectRegistry.ended`).
    nonisolated(unsafe) var nextEnded: UnsafeMutableRawPointer?
    #if SUBSTATE_INTERNAL_CHECKS
        /// Whether the running effect was pushed on the ended stack: at most once (checked).
        let wasPushedOnEnded = Atomic<Bool>(false)
    #endif
    nonisolated(unsafe) private var task: Task<Void, Never>?

    /// Where a running effect is in its life. `starting → attached → cancelled`, or
    /// `starting → cancelled` when it is cancelled before its task is stored; a task is
    /// attached once, and cancelled is final.
    @usableFromInline
    enum _Phase: UInt8, AtomicRepresentable {
        /// Registered; its task is being started.
        case starting
        /// Its task is stored: cancelling the running effect cancels the task.
        case attached
        /// Cancelled: its actions are dropped, and its task (if any) was told.
        case cancelled
    }

    @usableFromInline
    package init(group: EffectGroup) {
        self._group = group
    }

    @inlinable final var isCancelled: Bool { _phase.load(ordering: .acquiring) == .cancelled }

    /// The running effect's group, unless it was cancelled: where its actions are processed.
    @inlinable final var liveGroup: EffectGroup? { isCancelled ? nil : _group }

    /// Attaches the running task; cancels it at once if the running effect was cancelled first.
    @usableFromInline
    final func _attach(_ task: Task<Void, Never>) {
        self.task = task
        let (attached, phase) = _phase.compareExchange(
            expected: .starting, desired: .attached, ordering: .acquiringAndReleasing)
        guard !attached else { return }
        precondition(phase == .cancelled, "An effect running's task was attached twice.")
        task.cancel()
    }

    @usableFromInline
    override package final func cancel() {
        let previous = _phase.exchange(.cancelled, ordering: .acquiringAndReleasing)
        guard previous == .attached else { return }
        // Only the first canceller gets here. The running effect keeps its task until the running
        // effect goes: the registry lets go of a cancelled running effect as soon as its task has
        // ended (see `EffectRegistry.ended`), on the store's thread, so the task's memory is freed
        // on the thread that allocated it rather than by the worker that ran it.
        task?.cancel()
    }

    @usableFromInline
    override package final func registryDidClose() {
        _group.close()
    }
}
