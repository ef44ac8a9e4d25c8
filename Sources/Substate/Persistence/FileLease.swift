#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether any other file descriptor, in any process, has a file open: the question a sweep of
/// leftover temporary files must answer before removing one. The platform-specific part of
/// ``AtomicFile``, kept here in one place.
enum FileLease {
    /// What is known of a file's other open descriptors.
    enum Answer {
        /// Nobody else has the file open; `body` ran while that stayed true.
        case exclusive
        /// Another descriptor has the file open: a writer may be at work.
        case openElsewhere
        /// This platform or file system cannot tell.
        case unknown
    }

    /// Runs `body` if nobody else has the file open, holding a write lease (Linux) so that
    /// nobody opens it meanwhile without the kernel first asking this process to let go.
    /// - Parameters:
    ///   - descriptor: This process's descriptor for the file, opened read-only.
    ///   - body: What to do with the file while nobody else has it open.
    /// - Returns: What is known; `body` ran only for ``Answer/exclusive``.
    static func ifExclusive(_ descriptor: Int32, _ body: () -> Void) -> Answer {
        #if os(Linux)
            // `F_SETLEASE` (`F_LINUX_SPECIFIC_BASE`, from <linux/fcntl.h>): a GNU extension
            // that the Glibc module does not export. Its value is part of the kernel's ABI.
            let F_SETLEASE: Int32 = 1024
            // A write lease is granted only when no other descriptor has the file open.
            guard fcntl(descriptor, F_SETLEASE, F_WRLCK) == 0 else {
                switch errno {
                case EAGAIN, EBUSY: return .openElsewhere
                default: return .unknown  // not the owner, or a file system without leases
                }
            }
            body()
            _ = fcntl(descriptor, F_SETLEASE, F_UNLCK)
            return .exclusive
        #else
            return .unknown
        #endif
    }
}
