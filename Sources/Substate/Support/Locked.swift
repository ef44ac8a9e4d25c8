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
    @usableFromInline let _mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    // Every access is under `_mutex`, so the runtime's exclusivity check (a thread-local
    // access set, ~5 % of a send that looks up an element by id) proves nothing here.
    @usableFromInline @exclusivity(unchecked) var _value: Value

    @usableFromInline
    package init(_ value: Value) {
        self._value = value
        pthread_mutex_init(_mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(_mutex)
        _mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(_mutex)
        defer { pthread_mutex_unlock(_mutex) }
        return try body(&_value)
    }
}
