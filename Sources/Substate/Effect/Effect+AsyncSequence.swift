extension Effect: AsyncSequence {
    /// The type of element the effect produces: its actions.
    public typealias Element = Action

    /// The type of error iteration throws: the first error no `catch` handler took.
    public typealias Failure = any Error

    /// Iterates an effect's actions outside a store.
    ///
    /// The effect starts on the first call to ``next()``, in a task of its own, and is
    /// cancelled when the iterator is discarded or the iterating task is cancelled.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let effect: Effect
        private var synchronous: [Action]?
        private var runner: Runner?

        init(effect: Effect) {
            self.effect = effect
            if case .actions(let actions) = effect._operation {
                synchronous = actions.reversed()
            } else if case .none = effect._operation {
                synchronous = []
            }
        }

        /// The next action, or `nil` when the effect has ended.
        /// - Throws: The first error that the effect threw and no `catch` handler took.
        public mutating func next() async throws -> Action? {
            if synchronous != nil { return synchronous?.popLast() }
            if runner == nil { runner = Runner(effect: effect) }
            guard let runner else { return nil }
            switch await runner.next() {
            case .none:
                return nil
            case .some(.success(let action)):
                return action
            case .some(.failure(let error)):
                runner.close()
                self.synchronous = []
                throw error
            }
        }
    }

    /// Runs an iterated effect on an ``EffectRuntime`` of its own (so that cancellation ids
    /// and throttles work within it), and hands its actions to the iterator in order. The
    /// runtime is used only by the iterating task, one `next()` at a time; effect tasks
    /// reach only its `Sendable` parts. Closing it (when the iterator goes away, or the
    /// iterating task is cancelled) cancels the effect.
    final class Runner: @unchecked Sendable {
        /// Signals that effect tasks delivered something (latched: a signal given while the
        /// iterator is not waiting is kept).
        private let delivered = AsyncBuffer<Void>()
        private let collector: EffectCollector<Action>
        private var ready: [Result<Action, any Error>] = []
        private var head = 0

        init(effect: Effect) {
            let delivered = self.delivered
            collector = EffectCollector(
                executor: nil, wakeUp: .signal { delivered.push(()) })
            collector.start(effect)
        }

        deinit {
            collector.runtime.close()
            delivered.finish()
        }

        /// The next action or error, or `nil` once every part of the effect has ended.
        func next() async -> Result<Action, any Error>? {
            while true {
                if head < ready.count {
                    defer { head += 1 }
                    return ready[head]
                }
                ready.removeAll(keepingCapacity: true)
                head = 0
                collector.runtime.drain()
                collector.moveCollected(into: &ready)
                guard ready.isEmpty else { continue }
                let runtime = collector.runtime
                if runtime.isClosed || runtime.outstanding.isFinished { return nil }
                // Cancelling the iterating task finishes the signal: the effect is cancelled.
                guard await delivered.next() != nil else {
                    close()
                    return nil
                }
            }
        }

        /// Cancels the effect; later calls to ``next()`` return `nil`.
        func close() {
            collector.runtime.close()
        }
    }

    /// Creates an iterator over the effect's actions.
    /// - Returns: An iterator that starts the effect when first asked for an action.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(effect: self)
    }
}
