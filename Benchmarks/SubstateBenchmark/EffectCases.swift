import Substate

/// `effect.*` cases: actions produced by effects against the same actions sent directly.
@MainActor
enum EffectCases {
    static func stream(operations: Int, rounds: Int) async -> (Double, Double) {
        var best = (subject: Double.infinity, baseline: Double.infinity)
        for _ in 0..<rounds {
            let baselineStore = Store(state: Counter(), environment: (), update: Counter.update)
            let baseline = time {
                for index in 0..<operations {
                    if index % 100 == 0 { arm { _ = baselineStore.state } }
                    baselineStore.send(.increment)
                }
            }
            best.baseline = min(best.baseline, baseline / Double(operations))

            let store = Store(state: Counter(), environment: (), update: Counter.update)
            arm { _ = store.state }
            let subject = await time {
                await store.send(.stream(count: operations)).finish()
            }
            precondition(store.state.count == operations, "the stream lost actions")
            best.subject = min(best.subject, subject / Double(operations))
        }
        return best
    }
}

extension EffectCases {
    /// `effect.start`: each send starts a one-action asynchronous effect. Nanoseconds per
    /// effect, from the first send until every effect's action has been processed.
    static func start(operations: Int, rounds: Int) async -> Double {
        var best = Double.infinity
        for _ in 0..<rounds {
            let store = Store(state: Counter(), environment: (), update: Counter.update)
            let elapsed = await time {
                for index in 0..<operations {
                    if index % 100 == 0 { arm { _ = store.state } }
                    store.send(.incrementLater)
                }
                await store.finishEffects()
            }
            precondition(store.state.count == operations, "an effect's action was lost")
            best = min(best, elapsed / Double(operations))
        }
        return best
    }

    /// `effect.roundtrip`: one action at a time starts an effect that sends one action back,
    /// and the next starts only once that action was processed: the latency of a round trip
    /// from the main actor to an effect task and back. The baseline does what Swift itself
    /// charges for that: a detached task whose result is awaited on the main actor.
    static func roundTrip(operations: Int, rounds: Int) async -> (Double, Double) {
        var best = (subject: Double.infinity, baseline: Double.infinity)
        for _ in 0..<rounds {
            var count = 0
            // Both loops are `@MainActor` closures: a closure passed as a plain `async`
            // function runs on the global executor, which added a hop to the main actor for
            // each `send` and one back for each resumed continuation to the subject (4 thread
            // hand-offs per trip where the baseline had 2).
            let baseline = await time { @MainActor in
                for _ in 0..<operations {
                    count += await Task.detached { 1 }.value
                }
            }
            precondition(count == operations, "a task's result was lost")
            best.baseline = min(best.baseline, baseline / Double(operations))

            // Told by a middleware when the action the effect sent back was processed.
            let processed = Processed()
            let store = Store(
                state: Counter(), environment: (), update: Counter.update,
                middleware: [
                    .observe { action, _ in
                        if case .increment = action { processed.resume() }
                    }
                ])
            let subject = await time { @MainActor in
                for _ in 0..<operations {
                    await withCheckedContinuation { continuation in
                        processed.waiter = continuation
                        store.send(.incrementLater)
                    }
                }
            }
            precondition(store.state.count == operations, "an effect's action was lost")
            best.subject = min(best.subject, subject / Double(operations))
        }
        return best
    }

    /// Resumes the round trip's waiter when its action was processed.
    @MainActor
    final class Processed {
        var waiter: CheckedContinuation<Void, Never>?

        func resume() {
            waiter?.resume()
            waiter = nil
        }
    }

    /// `effect.cancelInFlight`: each send restarts the same cancellable, long-sleeping
    /// effect. Nanoseconds per send, and the resident memory before and at its peak.
    static func cancelInFlight(operations: Int, rounds: Int) async -> (Double, Memory, Int) {
        var best = Double.infinity
        var afterSends = 0
        let before = Memory.current()
        for _ in 0..<rounds {
            let store = Store(state: Counter(), environment: (), update: Counter.update)
            let elapsed = await time {
                for index in 0..<operations {
                    if index % 100 == 0 { arm { _ = store.state } }
                    store.send(.restart)
                }
                afterSends = max(afterSends, Memory.current().residentBytes)
                store.cancelEffects()
                await store.finishEffects()
            }
            precondition(store.state.count == 0, "a cancelled effect delivered its action")
            best = min(best, elapsed / Double(operations))
        }
        let memory = Memory(
            residentBytes: before.residentBytes, peakBytes: Memory.current().peakBytes)
        return (best, memory, afterSends)
    }
}

extension EffectCases {
    /// `task.floor`: what Swift itself charges for the work `effect.cancelInFlight` does —
    /// start a detached task that sleeps an hour on a `ContinuousClock`, cancel the previous
    /// one, and wait for the last — without any store. Reported, to show what limits the
    /// effect cases.
    static func taskFloor(operations: Int, rounds: Int) async -> Double {
        var best = Double.infinity
        for _ in 0..<rounds {
            var tasks: [Task<Void, Never>] = []
            tasks.reserveCapacity(operations)
            let elapsed = await time {
                var previous: Task<Void, Never>?
                for _ in 0..<operations {
                    previous?.cancel()
                    let task = Task.detached {
                        _ = try? await ContinuousClock().sleep(for: .seconds(3600))
                    }
                    tasks.append(task)
                    previous = task
                }
                previous?.cancel()
                for task in tasks { await task.value }
            }
            best = min(best, elapsed / Double(operations))
        }
        return best
    }
}
