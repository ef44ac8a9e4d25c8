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
            if case .actions(let actions) = effect.operation {
                synchronous = actions.reversed()
            } else if case .none = effect.operation {
                synchronous = []
            }
        }

        /// The next action, or `nil` when the effect has ended.
        /// - Throws: The first error that the effect threw and no `catch` handler took.
        public mutating func next() async throws -> Action? {
            if synchronous != nil { return synchronous?.popLast() }
            if runner == nil { runner = Runner(effect: effect) }
            guard let runner else { return nil }
            switch await runner.buffer.next() {
            case .none:
                return nil
            case .some(.success(let action)):
                return action
            case .some(.failure(let error)):
                runner.task.cancel()
                self.synchronous = []
                throw error
            }
        }
    }

    /// Owns the task that runs an iterated effect; cancels it when the iterator goes away.
    final class Runner: Sendable {
        let buffer = AsyncBuffer<Result<Action, any Error>>()
        let task: Task<Void, Never>

        init(effect: Effect) {
            let buffer = self.buffer
            // An iterated effect is its own little store: cancellation ids and throttles work
            // within it.
            let scope = EffectScope()
            let handle = TaskHandle()
            _ = scope.insert(handle)
            let context = EffectContext(scope: scope, handle: handle)
            task = Task.detached(priority: effect.priority) {
                let send = Send<Action> { action in
                    guard !Task.isCancelled else { return }
                    buffer.push(.success(action))
                }
                await effect.perform(send: send, context: context) { error in
                    buffer.push(.failure(error))
                }
                buffer.finish()
            }
            handle.attach(task)
        }

        deinit {
            task.cancel()
            buffer.finish()
        }
    }

    /// Creates an iterator over the effect's actions.
    /// - Returns: An iterator that starts the effect when first asked for an action.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(effect: self)
    }
}
