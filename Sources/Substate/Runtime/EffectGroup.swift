/// The work one `send` caused: its queued actions and the effect tasks they started,
/// transitively. Waiters resume when nothing of it is pending any more.
@usableFromInline
final class EffectGroup: Sendable {
    private struct State {
        var pending = 0
        var isCancelled = false
        var isClosed = false
        var nextWaiter = 0
        var waiters: [Int: UnsafeContinuation<Void, Never>] = [:]
    }

    private let state = Locked(State())
    /// The store's effects, to find this group's records when it is cancelled.
    private let scope: EffectScope?

    @usableFromInline init(scope: EffectScope?) {
        self.scope = scope
    }

    /// Counts one more piece of pending work: a queued action, or an effect record (which is
    /// cancelled at once if the group was).
    @usableFromInline func enter(_ record: EffectRecord? = nil) {
        let cancel = state.withLock { state in
            state.pending += 1
            return state.isCancelled
        }
        if cancel { record?.cancel() }
    }

    /// Marks one piece of work done; resumes waiters when none is left.
    @usableFromInline func leave() {
        let waiters: [UnsafeContinuation<Void, Never>] = state.withLock { state in
            state.pending -= 1
            guard state.pending <= 0 else { return [] }
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Ends the group for good (the store was torn down): waiters resume now and later.
    func close() {
        let waiters: [UnsafeContinuation<Void, Never>] = state.withLock { state in
            state.isClosed = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Cancels the group's running effects, and any it starts from now on.
    func cancel() {
        state.withLock { $0.isCancelled = true }
        scope?.cancel { ($0 as? EffectRecord)?.group === self }
    }

    var isCancelled: Bool { state.withLock { $0.isCancelled } }

    var isFinished: Bool { state.withLock { $0.pending <= 0 || $0.isClosed } }

    /// Suspends until no work is pending. Returns early if the waiting task is cancelled.
    func wait() async {
        let id: Int? = state.withLock { state in
            guard state.pending > 0, !state.isClosed else { return nil }
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        guard let id else { return }
        await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                let resumeNow = state.withLock { state in
                    guard state.pending > 0, !state.isClosed, !Task.isCancelled else {
                        return true
                    }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }
}
