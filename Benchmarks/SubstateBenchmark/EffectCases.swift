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

    /// `effect.roundtrip`: an action starts an effect that sends one action back, and the
    /// update of that action starts the next effect, until `operations` trips were made: the
    /// latency of a round trip from the main actor to an effect task and back, as a program
    /// that polls or retries pays it. The baseline does what Swift itself charges for that: a
    /// detached task that hops to the main actor, where it starts the next (see ``hops(_:)``).
    static func roundTrip(operations: Int, rounds: Int) async -> (Double, Double) {
        var best = (subject: Double.infinity, baseline: Double.infinity)
        for _ in 0..<rounds {
            let baseline = await hops(operations)
            best.baseline = min(best.baseline, baseline / Double(operations))

            let store = Store(state: Counter(), environment: (), update: Counter.update)
            let subject = await time { @MainActor in
                store.send(.bounce(left: operations))
                await store.finishEffects()
            }
            precondition(store.state.count == operations + 1, "an effect's action was lost")
            best.subject = min(best.subject, subject / Double(operations))
        }
        return best
    }

    /// `effect.roundtrip.awaited`: as `effect.roundtrip`, but the next trip is started from
    /// outside the store by a main-actor task that waits for each one (a continuation resumed
    /// by a middleware when the effect's action was processed). Reported: resuming that
    /// waiter costs two more thread hand-offs per trip (the continuation's task is enqueued
    /// on the global executor, then switches to the main actor), which belong to the waiter.
    static func awaitedRoundTrip(operations: Int, rounds: Int) async -> (Double, Double) {
        var best = (subject: Double.infinity, baseline: Double.infinity)
        for _ in 0..<rounds {
            let baseline = await awaitedTasks(operations)
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
            // A `@MainActor` closure: a plain `async` one runs on the global executor, which
            // adds a hop to the main actor for each `send` and one back for each resume.
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

    /// The awaited round trips' baseline: `operations` detached tasks, each awaited on the
    /// main actor before the next starts. Nanoseconds in all.
    static func awaitedTasks(_ operations: Int) async -> Double {
        var count = 0
        let elapsed = await time { @MainActor in
            for _ in 0..<operations {
                count += await Task.detached { 1 }.value
            }
        }
        precondition(count == operations, "a task's result was lost")
        return elapsed
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
        await restarts(
            operations: operations, rounds: rounds,
            store: { Store(state: Counter(), environment: (), update: Counter.update) },
            send: .restart, finished: { $0.count })
    }

    /// `effect.child.cancelInFlight`: as `effect.cancelInFlight`, with the effect started by a
    /// child at an enum case (`.case(_:in:)`), as a screen's effects are: its id placed in the
    /// child's place, and the effect bound to the child's lifetime. Nanoseconds per send.
    static func childCancelInFlight(operations: Int, rounds: Int) async -> Double {
        await restarts(
            operations: operations, rounds: rounds,
            store: { Store(state: Uploads(), program: Uploads.self) },
            send: .upload(.restart),
            finished: { if case .uploading(let upload) = $0.transfer { upload.count } else { -1 } }
        ).0
    }

    /// Sends `action` `operations` times to a new store per round, each send restarting a
    /// long-sleeping effect; then cancels and waits for the effects. The best nanoseconds per
    /// send, the memory before and at the peak, and the resident bytes after the sends.
    static func restarts<State, Action>(
        operations: Int, rounds: Int, store makeStore: () -> Store<State, Action, Void>,
        send action: Action, finished: (State) -> Int
    ) async -> (Double, Memory, Int) {
        var best = Double.infinity
        var afterSends = 0
        let before = Memory.current()
        for _ in 0..<rounds {
            let store = makeStore()
            let elapsed = await time {
                for index in 0..<operations {
                    if index % 100 == 0 { arm { _ = store.state } }
                    store.send(action)
                }
                afterSends = max(afterSends, Memory.current().residentBytes)
                store.cancelEffects()
                await store.finishEffects()
            }
            precondition(finished(store.state) == 0, "a cancelled effect delivered its action")
            best = min(best, elapsed / Double(operations))
        }
        let memory = Memory(
            residentBytes: before.residentBytes, peakBytes: Memory.current().peakBytes)
        return (best, memory, afterSends)
    }
}

/// The child of `effect.child.cancelInFlight`: `Counter`'s restart, as a program.
struct Upload: Program, Equatable, Sendable {
    var count = 0

    enum Action: Sendable {
        case restart
        case finished
    }

    static func update(state: consuming Upload, environment: Void, action: Action) -> Update<
        Upload, Action
    > {
        switch action {
        case .restart:
            return Update(
                state: state,
                effect: .run { send in
                    try await ContinuousClock().sleep(for: .seconds(3600))
                    await send(.finished)
                }
                .cancellable(id: "restart", cancelInFlight: true))
        case .finished:
            state.count += 1
            return Update(state: state)
        }
    }
}

/// An upload that runs or not: the enum `effect.child.cancelInFlight` routes by case.
enum Transfer: Equatable, Sendable {
    case idle
    case uploading(Upload)
}

/// The root of `effect.child.cancelInFlight`.
struct Uploads: Program, Equatable, Sendable {
    var transfer = Transfer.uploading(Upload())

    enum Action: Sendable {
        case upload(Upload.Action)
    }

    static func update(state: consuming Uploads, environment: Void, action: Action) -> Update<
        Uploads, Action
    > {
        switch action {
        case .upload(let action):
            return .child(
                action, in: state, at: .case(Transfer.uploading, in: \.transfer),
                as: Action.upload)
        }
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

extension EffectCases {
    /// The round trips' baseline: `operations` detached tasks, each of which hops to the main
    /// actor (`MainActor.run`) and starts the next there, as an effect's action does; nobody
    /// awaits them on the main actor. Nanoseconds in all.
    ///
    /// On Linux this costs about three times what awaiting a task's value does (65-80 us vs
    /// 21-25 us per trip on the 2-core machine, 2026-11-25): the hop enqueues a job on the
    /// main queue, which libdispatch runs on a parked worker thread, where an awaited task's
    /// completion resumes its waiter directly (perf: 75 % of the time is the kernel switching
    /// threads, whichever way).
    static func hops(_ operations: Int) async -> Double {
        await time { @MainActor in
            await withCheckedContinuation { continuation in
                Hops(left: operations, done: continuation).next()
            }
        }
    }

    /// A chain of tasks hopping to the main actor: ``hops(_:)``.
    @MainActor
    final class Hops: Sendable {
        var left: Int
        let done: CheckedContinuation<Void, Never>

        init(left: Int, done: CheckedContinuation<Void, Never>) {
            self.left = left
            self.done = done
        }

        func next() {
            guard left > 0 else { return done.resume() }
            left -= 1
            Task.detached { await MainActor.run { self.next() } }
        }
    }
}
