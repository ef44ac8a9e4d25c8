/// Fires once; `wait()` returns after it has fired, whichever comes first. Two signals are
/// equal only if they are the same signal, so that actions can carry one.
public final class Signal: Sendable, Equatable {
    private let continuation: AsyncStream<Void>.Continuation
    private let stream: AsyncStream<Void>

    /// A signal that has not fired.
    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    /// Fires the signal: every `wait()`, earlier or later, returns.
    public func fire() {
        continuation.yield()
        continuation.finish()
    }

    /// Suspends until the signal has fired.
    public func wait() async {
        for await _ in stream { return }
    }

    /// Suspends until the signal has fired, or until `limit` has passed on the continuous
    /// clock, whichever comes first; returns whether it fired. The limit is a guard against a
    /// signal that never fires (a failing test), not a wait: a signal that fires ends the wait
    /// at once.
    public func wait(upTo limit: Duration) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await self.wait()
                return true
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    /// Whether two signals are the same signal.
    public static func == (lhs: Signal, rhs: Signal) -> Bool { lhs === rhs }
}
