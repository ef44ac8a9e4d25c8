#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The work one `send` caused: its queued actions and the effect tasks they started,
/// transitively. Waiters resume when nothing of it is pending any more.
///
/// One allocation per group (the state is the buffer's header, the mutex its element), since
/// every send that starts an effect makes one. A struct around the buffer, because a
/// `ManagedBuffer` cannot be `Sendable` itself; copies share the buffer.
@usableFromInline
struct EffectGroup: @unchecked Sendable {
    @usableFromInline let storage: Storage

    @usableFromInline
    final class Storage: ManagedBuffer<State, pthread_mutex_t> {
        deinit {
            _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
        }
    }

    @usableFromInline
    struct State {
        var pending = 0
        var isCancelled = false
        var isClosed = false
        var nextWaiter = 0
        var waiters: [Int: UnsafeContinuation<Void, Never>] = [:]
        /// The store's effects, to find this group's records when it is cancelled.
        let scope: EffectScope?
    }

    /// Makes a group for the effects of `scope`.
    @usableFromInline
    static func make(scope: EffectScope?) -> EffectGroup {
        let buffer = Storage.create(minimumCapacity: 1) { _ in State(scope: scope) }
        buffer.withUnsafeMutablePointerToElements { _ = pthread_mutex_init($0, nil) }
        return EffectGroup(storage: unsafeDowncast(buffer, to: Storage.self))
    }

    @usableFromInline
    init(storage: Storage) {
        self.storage = storage
    }

    private func withLock<Result>(_ body: (inout State) -> Result) -> Result {
        storage.withUnsafeMutablePointers { state, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return body(&state.pointee)
        }
    }

    /// Counts one more piece of pending work: a queued action, or an effect record (which is
    /// cancelled at once if the group was).
    @usableFromInline func enter(_ record: EffectRecord? = nil) {
        let cancel = withLock { state in
            state.pending += 1
            return state.isCancelled
        }
        if cancel { record?.cancel() }
    }

    /// Marks one piece of work done; resumes waiters when none is left.
    @usableFromInline func leave() {
        let waiters: [UnsafeContinuation<Void, Never>] = withLock { state in
            state.pending -= 1
            guard state.pending <= 0, !state.waiters.isEmpty else { return [] }
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Ends the group for good (the store was torn down): waiters resume now and later.
    func close() {
        let waiters: [UnsafeContinuation<Void, Never>] = withLock { state in
            state.isClosed = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Cancels the group's running effects, and any it starts from now on.
    func cancel() {
        let scope = withLock { state in
            state.isCancelled = true
            return state.scope
        }
        scope?.cancel { ($0 as? EffectRecord)?.group?.storage === storage }
    }

    var isCancelled: Bool { withLock { $0.isCancelled } }

    var isFinished: Bool { withLock { $0.pending <= 0 || $0.isClosed } }

    /// Suspends until no work is pending. Returns early if the waiting task is cancelled.
    func wait() async {
        let id: Int? = withLock { state in
            guard state.pending > 0, !state.isClosed else { return nil }
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        guard let id else { return }
        await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                let resumeNow = withLock { state in
                    guard state.pending > 0, !state.isClosed, !Task.isCancelled else {
                        return true
                    }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }
}
