#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The background tasks of a ``StateSaver`` (its `.immediate` writer, its debounce or throttle
/// timer) that are running, so that ``StateSaver/flush()`` can wait for them to end.
///
/// Each task is started in an epoch and does its work only if no flush came between its
/// start and the moment it runs (a flush writes what the task would have written); a flush
/// ends the epoch and waits for the tasks already at work. So once `flush()` returns, no task
/// of the saver is writing, encoding or holding the saver: a command-line tool may exit, and
/// a save that failed is not tried again behind its back. The tasks hold this object, not
/// the saver, when they end.
final class SaverTasks: @unchecked Sendable {
    // `@unchecked`: every field is guarded by `mutex`. A pthread mutex and condition, as
    // `Locked` is, so that ThreadSanitizer sees the waits.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var epoch = 0
    private var running = 0

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// The epoch to start a task in.
    var current: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return epoch
    }

    /// Called by a task when it starts running: whether it may work (no flush came since it
    /// was started in `epoch`). A task that may work calls ``end()`` when it is done.
    func begin(in epoch: Int) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard epoch == self.epoch else { return false }
        running += 1
        return true
    }

    /// Called by a task that began when it is done.
    func end() {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        running -= 1
        if running == 0 { pthread_cond_broadcast(condition) }
    }

    /// Ends the epoch, so that tasks not running yet do nothing, and waits for the running
    /// ones to end.
    func endEpochAndWait() {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        epoch += 1
        while running > 0 { pthread_cond_wait(condition, mutex) }
    }
}
