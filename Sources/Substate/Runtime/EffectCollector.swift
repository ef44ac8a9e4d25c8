/// A runtime delegate that collects what an effect produces instead of processing it: the
/// actions and the errors no `catch` handler took, in order. `UpdateSpec` and the iterator
/// of an ``Effect`` run effects through one, so that cancellation ids, throttles and timing
/// work exactly as in a store.
package final class EffectCollector<Action: Sendable>: EffectRuntimeDelegate {
    /// The runtime, owned by the collector and closed when it goes.
    package let runtime: EffectRuntime<EffectCollector>
    /// What the effect produced since ``takeCollected()`` was last called.
    package private(set) var collected: [Result<Action, any Error>] = []

    /// Creates a collector and its runtime.
    /// - Parameters:
    ///   - executor: Where effect tasks run; `nil` for detached tasks on the global executor.
    ///   - wakeUp: Who drains the inbox when effects deliver.
    package init(
        executor: (any TaskExecutor)?, wakeUp: EffectRuntime<EffectCollector>.WakeUp
    ) {
        runtime = EffectRuntime(executor: executor, wakeUp: wakeUp)
        runtime.attach(self)
    }

    deinit {
        runtime.close()
    }

    /// Starts an effect; its synchronous actions are collected before this returns.
    package func start(_ effect: Effect<Action>) {
        runtime.begin(with: effect)
    }

    /// Takes what was collected, leaving nothing.
    package func takeCollected() -> [Result<Action, any Error>] {
        defer { collected = [] }
        return collected
    }

    /// Moves what was collected to the end of `buffer`, without allocating when `buffer` is
    /// empty: the two arrays trade storage, so a reader that empties its buffer keeping its
    /// capacity hands that capacity back for the next batch.
    package func moveCollected(into buffer: inout [Result<Action, any Error>]) {
        if buffer.isEmpty {
            swap(&buffer, &collected)
        } else {
            buffer += collected
            collected.removeAll(keepingCapacity: true)
        }
    }

    package func runtimeProcess(_ action: Action, in group: EffectGroup?) -> EffectGroup? {
        collected.append(.success(action))
        return group
    }

    package func runtimeEffectFailed(_ error: any Error, of running: RunningEffect) {
        collected.append(.failure(error))
    }
}
