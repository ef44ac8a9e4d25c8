#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value protected by a `pthread` mutex.
///
/// The library's one lock. It is used instead of `Synchronization.Mutex` because on Linux
/// `Mutex` waits on a futex that ThreadSanitizer does not see, so every access guarded by it
/// is reported as a race; a `pthread` mutex keeps `swift test --sanitize=thread` meaningful.
/// `package`, so that SubstateTesting shares it.
@usableFromInline
package final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    @usableFromInline var value: Value

    @usableFromInline
    package init(_ value: Value) {
        self.value = value
        initializeMutex(mutex)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

/// Initialises a mutex for short critical sections. On glibc it is adaptive: a contended
/// lock spins briefly before it sleeps, since the library's critical sections last tens of
/// nanoseconds and a futex round trip costs microseconds.
@usableFromInline
func initializeMutex(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
    #if canImport(Glibc)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    #else
        pthread_mutex_init(mutex, nil)
    #endif
}
