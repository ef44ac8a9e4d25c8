#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The time since a moment on a clock, for code that reads it per action (a debounced saver,
/// a flight recorder, the recorder).
///
/// A generic clock costs a look-up of its types on every read (about 70 ns a read on Linux)
/// and `Duration` arithmetic costs 128-bit multiplications; so on Linux the standard clocks
/// are read from the system clocks they are made of (`CLOCK_BOOTTIME` for `ContinuousClock`,
/// `CLOCK_MONOTONIC` for `SuspendingClock`, as the Swift runtime reads them), as whole
/// nanoseconds, and every other clock (a test clock) through its own API.
@usableFromInline
struct Stopwatch: Sendable {
    @usableFromInline
    enum Source: Sendable {
        #if canImport(Glibc) || canImport(Musl)
            /// A POSIX clock and what it read when the stopwatch started, in nanoseconds.
            case system(clockid_t, origin: Int64)
        #endif
        /// Any other clock: the time since the start, through the clock's API.
        case clock(@Sendable () -> Duration)
    }

    @usableFromInline let source: Source

    /// Starts a stopwatch on a clock.
    /// - Parameters:
    ///   - clock: The clock.
    ///   - coarse: Whether a reading a few milliseconds off will do (a debounce of
    ///     a second): on Linux, the standard clocks are then read from the kernel's coarse
    ///     monotonic clock, which costs a few nanoseconds, not twenty, a read; its ticks are
    ///     the kernel's (1–10 ms) and it stops while the machine sleeps.
    init<C: Clock>(on clock: C, coarse: Bool = false) where C.Duration == Duration {
        #if canImport(Glibc) || canImport(Musl)
            let system: clockid_t? =
                if coarse, clock is ContinuousClock || clock is SuspendingClock {
                    clockid_t(CLOCK_MONOTONIC_COARSE)
                } else if clock is ContinuousClock {
                    clockid_t(CLOCK_BOOTTIME)
                } else if clock is SuspendingClock {
                    clockid_t(CLOCK_MONOTONIC)
                } else {
                    nil
                }
            if let system {
                source = .system(system, origin: Self.read(system))
                return
            }
        #endif
        let origin = clock.now
        source = .clock { origin.duration(to: clock.now) }
    }

    #if canImport(Glibc) || canImport(Musl)
        /// What a POSIX clock reads, in nanoseconds.
        @usableFromInline
        static func read(_ clock: clockid_t) -> Int64 {
            var time = timespec()
            clock_gettime(clock, &time)
            return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
        }
    #endif

    /// The whole nanoseconds since the start. 64 bits hold 292 years.
    @usableFromInline
    func nanoseconds() -> Int64 {
        switch source {
        #if canImport(Glibc) || canImport(Musl)
            case .system(let clock, let origin): return Self.read(clock) &- origin
        #endif
        case .clock(let elapsed):
            let (seconds, attoseconds) = elapsed().components
            return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
        }
    }

    /// The time since the start.
    @usableFromInline
    func elapsed() -> Duration {
        switch source {
        #if canImport(Glibc) || canImport(Musl)
            case .system: return .nanoseconds(nanoseconds())
        #endif
        case .clock(let elapsed): return elapsed()
        }
    }
}
