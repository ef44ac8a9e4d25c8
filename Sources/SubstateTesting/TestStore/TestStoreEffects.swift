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

    struct Delivered {
        var action: Action
        var origin: Location
    }

    struct Contents {
        var nextID = 0
        var running: [Int: Running] = [:]
        var delivered: [Delivered] = []
        var errors: [(message: String, origin: Location)] = []
    }

    let contents = Locked(Contents())
    let scheduler: TestScheduler

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    /// Runs an effect on the scheduler; its actions and errors come back here.
    func spawn(_ effect: Effect<Action>, origin: Location, label: String) -> Int {
        let id = contents.withLock { contents in
            defer { contents.nextID += 1 }
            contents.running[contents.nextID] = Running(origin: origin, label: label)
            return contents.nextID
        }
        let contents = self.contents
        let send = Send<Action> { action in
            guard !Task.isCancelled else { return }
            contents.withLock { $0.delivered.append(Delivered(action: action, origin: origin)) }
        }
        let task = Task(executorPreference: scheduler, priority: effect.taskPriority) {
            await effect.run(send: send) { error in
                contents.withLock {
                    $0.errors.append(
                        (
                            "An effect started by \(label) threw an error that no handler caught: "
                                + "\(error)", origin
                        )
                    )
                }
            }
            _ = contents.withLock { $0.running.removeValue(forKey: id) }
        }
        contents.withLock { $0.running[id]?.task = task }
        return id
    }

    /// Delivers an action as if an effect had sent it (for synchronous effects).
    func deliver(_ action: Action, origin: Location) {
        contents.withLock { $0.delivered.append(Delivered(action: action, origin: origin)) }
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
