#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a `pthread` mutex, with a condition that a thread can wait on until the
/// value says it may go on: for the rare places where a thread must block (a saver's flush
/// waiting for its writer, a flush off the main actor waiting for the store's state).
///
/// A `pthread` mutex and condition, as ``Locked``, so that ThreadSanitizer sees the waits.
final class WaitableLock<Value>: @unchecked Sendable {
    // `@unchecked`: `value` is only touched with `mutex` held.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var value: Value

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value, then wakes the waiters to look again.
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        return body(&value)
    }

    /// Blocks until `ready` returns something, looking again after each change.
    func wait<Result>(until ready: (inout Value) -> Result?) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            if let result = ready(&value) { return result }
            pthread_cond_wait(condition, mutex)
        }
    }
}
