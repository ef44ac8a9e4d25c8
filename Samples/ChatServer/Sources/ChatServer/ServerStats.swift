import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What the load test reads at `/stats`: connections, live session stores, memory.
final class ServerStats: Sendable {
    private let live = Atomic<Int>(0)
    private let peakLive = Atomic<Int>(0)
    private let opened = Atomic<Int>(0)
    private let rejected = Atomic<Int>(0)

    /// Counts a session store made; the token counts it gone when it is freed.
    func sessionStarted() -> SessionToken {
        opened.add(1, ordering: .relaxed)
        let now = live.add(1, ordering: .relaxed).newValue
        var peak = peakLive.load(ordering: .relaxed)
        while now > peak {
            let (exchanged, original) = peakLive.compareExchange(
                expected: peak, desired: now, ordering: .relaxed)
            if exchanged { break }
            peak = original
        }
        return SessionToken(stats: self)
    }

    /// Counts a session store freed. When the last one goes, the server hands the memory
    /// that glibc's allocator keeps for reuse back to the system (`malloc_trim`), so that an
    /// idle server's resident memory shows what it really holds.
    fileprivate func sessionFreed() {
        let remaining = live.subtract(1, ordering: .relaxed).newValue
        if remaining == 0 { _ = trimMemory?(0) }
    }

    /// Counts a message answered with an error frame.
    func messageRejected() { rejected.add(1, ordering: .relaxed) }

    /// The statistics as JSON. An idle server (no live session) first hands back the memory
    /// its allocator keeps (connections finish closing after their session's store goes).
    func json() -> String {
        if live.load(ordering: .relaxed) == 0 { _ = trimMemory?(0) }
        let fields: [String: Int] = [
            "liveSessions": live.load(ordering: .relaxed),
            "peakLiveSessions": peakLive.load(ordering: .relaxed),
            "sessions": opened.load(ordering: .relaxed),
            "rejectedMessages": rejected.load(ordering: .relaxed),
            "residentBytes": Self.memory("VmRSS"),
            "peakResidentBytes": Self.memory("VmHWM"),
        ]
        let data = (try? JSONEncoder().encode(fields)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// A line of /proc/self/status, in bytes (0 where there is none).
    private static func memory(_ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            return (kilobytes ?? 0) * 1024
        }
        return 0
    }
}

/// glibc's `malloc_trim`, which its Swift module does not show; `nil` elsewhere.
private let trimMemory: (@convention(c) (Int) -> Int32)? = {
    #if canImport(Glibc)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else {
            return nil
        }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    #else
        return nil
    #endif
}()

/// Held by a session's environment: freed with the session's store.
final class SessionToken: Sendable {
    private let stats: ServerStats

    fileprivate init(stats: ServerStats) {
        self.stats = stats
    }

    deinit {
        stats.sessionFreed()
    }
}
