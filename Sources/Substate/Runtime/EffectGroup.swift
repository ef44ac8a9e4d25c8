import Synchronization

/// The work one `send` caused: its queued actions and the effect tasks they started,
/// transitively. Waiters resume when nothing of it is pending any more.
///
/// Every send that starts an effect makes one, and every effect enters and leaves one from
/// two threads, so counting is lock-free: `pending` and the flags are atomics, and a lock is
/// taken only to wait, and to resume the waiters when `pending` reaches zero. The lock is
/// one of a few shared stripes (see ``WaiterLocks``), so a group costs one allocation and no
/// mutex of its own. A struct around the storage, so that call sites read as values; copies
/// share the storage.
@usableFromInline
package struct EffectGroup: Sendable {
    @usableFromInline let _storage: _Storage

    @usableFromInline
    final class _Storage: Sendable {
        /// Keeps the counters below off the cache line of the reference count: the main
        /// actor enters and retains, effect tasks on other cores leave.
        private let padding = _CacheLinePadding()
        /// Queued actions and running effects not finished yet.
        let pending = Atomic<Int>(0)
        /// ``Flags`` bits.
        let flags = Atomic<Int>(0)
        /// The store's effects, to find this group's running effects when it is cancelled.
        let registry: EffectRegistry?
        /// Guarded by the group's stripe of ``WaiterLocks``.
        nonisolated(unsafe) var waiters: [Int: UnsafeContinuation<Void, Never>] = [:]
        nonisolated(unsafe) var nextWaiter = 0

        init(registry: EffectRegistry?) {
            self.registry = registry
        }
    }

    enum Flags {
        static let cancelled = 1
        static let closed = 2
        /// Someone may be waiting: ``leave()`` takes the lock only then.
        static let hasWaiters = 4
    }

    /// Identifies the group: its copies share it.
    package var identity: ObjectIdentifier { ObjectIdentifier(_storage) }

    /// Makes a group for the effects of `registry`.
    @usableFromInline
    package static func make(registry: EffectRegistry?) -> EffectGroup {
        EffectGroup(storage: _Storage(registry: registry))
    }

    @usableFromInline
    init(storage: _Storage) {
        self._storage = storage
    }

    /// Counts one more piece of pending work: a queued action, or a running effect (which
    /// is cancelled at once if the group was).
    @usableFromInline package func enter(_ running: RunningEffect? = nil) {
        _storage.pending.add(1, ordering: .relaxed)
        if let running, isCancelled { running.cancel() }
    }

    /// Marks one piece of work done; resumes waiters when none is left.
    @usableFromInline package func leave() {
        // Sequentially consistent, like the waiter's flag store and `pending` load: one of
        // the two sides sees the other's write, so no wake-up is lost.
        let remaining = _storage.pending.subtract(1, ordering: .sequentiallyConsistent).newValue
        assert(remaining >= 0, "an effect group was left more times than it was entered")
        guard remaining <= 0 else { return }
        if _storage.flags.load(ordering: .sequentiallyConsistent) & Flags.hasWaiters != 0 {
            resumeWaiters()
        }
    }

    /// Ends the group for good (the store was torn down): waiters resume now and later.
    func close() {
        _storage.flags.bitwiseOr(Flags.closed, ordering: .acquiringAndReleasing)
        resumeWaiters()
    }

    /// Cancels the group's running effects, and any it starts from now on.
    func cancel() {
        _storage.flags.bitwiseOr(Flags.cancelled, ordering: .acquiringAndReleasing)
        let storage = self._storage
        storage.registry?.cancel { ($0 as? RunningEffect)?._group._storage === storage }
    }

    var isCancelled: Bool {
        _storage.flags.load(ordering: .acquiring) & Flags.cancelled != 0
    }

    package var isFinished: Bool {
        _storage.pending.load(ordering: .acquiring) <= 0
            || _storage.flags.load(ordering: .acquiring) & Flags.closed != 0
    }

    /// Takes the waiters under the lock, and resumes them outside it.
    private func resumeWaiters() {
        let storage = self._storage
        let waiters = WaiterLocks.withLock(for: storage) {
            () -> [UnsafeContinuation<Void, Never>] in
            storage.flags.bitwiseAnd(~Flags.hasWaiters, ordering: .sequentiallyConsistent)
            guard !storage.waiters.isEmpty else { return [] }
            defer { storage.waiters = [:] }
            return Array(storage.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Suspends until no work is pending. Returns early if the waiting task is cancelled.
    ///
    /// No wake-up is lost: under the lock, a waiter sets `hasWaiters`, then checks `pending`
    /// and registers; ``leave()`` decrements `pending`, then looks at `hasWaiters` and takes
    /// the same lock to resume.
    func wait() async {
        let storage = self._storage
        let id: Int? = WaiterLocks.withLock(for: storage) {
            guard !isFinished else { return nil }
            defer { storage.nextWaiter += 1 }
            return storage.nextWaiter
        }
        guard let id else { return }
        await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                let resumeNow = WaiterLocks.withLock(for: storage) {
                    storage.flags.bitwiseOr(Flags.hasWaiters, ordering: .sequentiallyConsistent)
                    let isFinished =
                        storage.pending.load(ordering: .sequentiallyConsistent) <= 0
                        || storage.flags.load(ordering: .sequentiallyConsistent) & Flags.closed
                            != 0
                    guard !isFinished, !Task.isCancelled else { return true }
                    storage.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = WaiterLocks.withLock(for: storage) {
                storage.waiters.removeValue(forKey: id)
            }
            waiter?.resume()
        }
    }
}
