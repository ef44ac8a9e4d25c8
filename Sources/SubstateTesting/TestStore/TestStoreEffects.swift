import Substate

/// What effects running on a test store's scheduler share with it: the actions they
/// delivered, the errors they threw, and which of them still run. Effects write to it from
/// the scheduler; the store reads it when the scheduler is idle.
final class TestStoreEffects<Action: Sendable>: Sendable {
    struct Running {
        var origin: Location
        var label: String
        var task: Task<Void, Never>?
    }

    /// An action an effect delivered, or (with `action` `nil`) the end of an effect. Ends
    /// are processed in order with the actions, as a ``Store`` does, so that an effect still
    /// counts as running — and cancellable — until its last action has been processed.
    struct Delivered {
        var action: Action?
        var origin: Location
        /// The effect that sent it; `nil` for synchronous actions. An action whose effect was
        /// cancelled before the store processed it is dropped, as a ``Store`` drops it.
        var sender: TaskHandle?
        /// The id of the effect that ended, for an end marker.
        var endedEffect: Int? = nil
    }

    struct Contents {
        var nextID = 0
        var running: [Int: Running] = [:]
        var delivered: [Delivered] = []
        var errors: [(message: String, origin: Location)] = []
    }

    let contents = Locked(Contents())
    let scheduler: TestScheduler
    /// Cancellation ids and throttles, scoped to the test store.
    let scope = EffectScope()

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    /// Runs an effect on the scheduler; its actions and errors come back here.
    func spawn(
        _ effect: Effect<Action>, tags: EffectTags = EffectTags(), origin: Location, label: String
    ) -> Int {
        let id = contents.withLock { contents in
            defer { contents.nextID += 1 }
            contents.running[contents.nextID] = Running(origin: origin, label: label)
            return contents.nextID
        }
        let contents = self.contents
        let scope = self.scope
        let handle = TaskHandle()
        _ = scope.insert(handle, tags: tags)
        let context = EffectContext(scope: scope, handle: handle)
        let send = Send<Action> { action in
            guard !Task.isCancelled else { return }
            contents.withLock {
                $0.delivered.append(Delivered(action: action, origin: origin, sender: handle))
            }
        }
        let task = Task(executorPreference: scheduler, priority: effect.taskPriority) {
            await effect.perform(send: send, context: context) { error in
                contents.withLock {
                    $0.errors.append(
                        (
                            "An effect started by \(label) threw an error that no handler caught: "
                                + "\(error)", origin
                        )
                    )
                }
            }
            contents.withLock {
                $0.delivered.append(
                    Delivered(action: nil, origin: origin, sender: handle, endedEffect: id))
            }
        }
        handle.attach(task)
        contents.withLock { $0.running[id]?.task = task }
        return id
    }

    /// Delivers an action as if an effect had sent it (for synchronous effects).
    func deliver(_ action: Action, origin: Location) {
        contents.withLock {
            $0.delivered.append(Delivered(action: action, origin: origin, sender: nil))
        }
    }

    /// Forgets an effect whose end the store has processed.
    func ended(_ id: Int, handle: TaskHandle?) {
        if let handle { scope.remove(handle) }
        _ = contents.withLock { $0.running.removeValue(forKey: id) }
    }

    func takeDelivered() -> [Delivered] {
        contents.withLock { contents in
            defer { contents.delivered = [] }
            return contents.delivered
        }
    }

    func takeErrors() -> [(message: String, origin: Location)] {
        contents.withLock { contents in
            defer { contents.errors = [] }
            return contents.errors
        }
    }

    var running: [Running] {
        contents.withLock { $0.running.sorted { $0.key < $1.key }.map(\.value) }
    }

    func cancel(_ ids: [Int]? = nil) {
        let tasks = contents.withLock { contents in
            (ids ?? Array(contents.running.keys)).compactMap { contents.running[$0]?.task }
        }
        for task in tasks { task.cancel() }
        scheduler.run()
    }

    func isRunning(_ ids: [Int]) -> Bool {
        contents.withLock { contents in ids.contains { contents.running[$0] != nil } }
    }
}
