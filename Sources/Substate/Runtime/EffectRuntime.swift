/// The one place where effects run: the action queue, the inbox where effect tasks leave
/// their actions, the registry of running effects and their cancellation ids, the groups that
/// ``StoreTask/finish()`` waits on, the processing loop, and the start and the end of every
/// effect task.
///
/// ``Store`` is its client in production and in tests (`SubstateTesting`'s `TestStore`
/// drives a real store); `UpdateSpec` and the iterator of an ``Effect`` use it too. The
/// client says what processing an action means (the store: middleware, update, commit) and
/// what to do once the queue is empty (the store: notify its observers). The only thing that
/// differs between production and tests is the executor:
/// - `nil`: effect tasks run detached on the global executor, and the inbox asks the client
///   to drain it (the store hops to the main actor);
/// - a `TestScheduler`: effect tasks run on it, and whoever runs the scheduler drains the
///   inbox when it is idle, so nothing runs unless the test says so.
///
/// Not `Sendable`: its client uses it from one context (the store's main actor, a test's
/// thread, an iterating task). Effect tasks reach only its `Sendable` parts (the inbox, the
/// registry, the groups) through their ``_EffectRun``.
@usableFromInline
package final class EffectRuntime<Action: Sendable> {
    @usableFromInline package let inbox = EffectInbox<Action>()
    @usableFromInline package let registry = EffectRegistry()
    /// Every piece of pending work: what ``Store/finishEffects()`` waits for.
    @usableFromInline package let outstanding = EffectGroup.make(registry: nil)
    /// Where effect tasks run; `nil` for detached tasks on the global executor.
    @usableFromInline package let executor: (any TaskExecutor)?

    /// Whether an action is being processed: actions sent now are queued.
    @usableFromInline @exclusivity(unchecked) package var isProcessing = false
    @usableFromInline @exclusivity(unchecked) var _queue: [Queued] = []
    @usableFromInline @exclusivity(unchecked) var _queueHead = 0
    /// Actions held, not processed, while the client shows a past state (time travel).
    @usableFromInline @exclusivity(unchecked) var _held: [Queued] = []
    /// Held actions released by ``releaseHeld()``, for the processing loop to process first.
    @usableFromInline @exclusivity(unchecked) var _released: [Queued] = []
    /// Set once the client closed the runtime: queued actions are dropped.
    @usableFromInline @exclusivity(unchecked) package var isClosed = false
    /// Told of every effect task started, with its record (a test store lists them).
    @usableFromInline package var didStart: ((EffectRecord) -> Void)?

    /// Creates a runtime whose effect tasks run on `executor`.
    /// - Parameter executor: `nil` for detached tasks on the global executor.
    @usableFromInline
    package init(executor: (any TaskExecutor)?) {
        self.executor = executor
    }

    /// An action waiting to be processed, and the work it belongs to.
    @usableFromInline
    package struct Queued {
        @usableFromInline package let action: Action
        @usableFromInline package let group: EffectGroup

        @usableFromInline
        package init(action: Action, group: EffectGroup) {
            self.action = action
            self.group = group
        }
    }

    /// A new group for the work of one action.
    @usableFromInline
    package func makeGroup() -> EffectGroup {
        EffectGroup.make(registry: registry)
    }

    // MARK: The processing loop

    /// Processes work in one turn: runs `body` (process the first action, start an initial
    /// effect, handle what effects delivered), then the queued actions, then `settle` (the
    /// store notifies its observers, who may send: their actions are queued), and again until
    /// the queue stays empty. Sends made meanwhile are queued because `isProcessing` is set.
    /// - Parameters:
    ///   - body: The work that starts the turn.
    ///   - process: Processes one queued action in its group.
    ///   - settles: Whether to call `settle`; `false` when the turn committed nothing.
    ///   - settle: Called each time the queue is empty.
    /// - Returns: What `body` returned.
    @inlinable
    package func turn<Result>(
        settles: Bool = true,
        _ body: () -> Result,
        process: (Action, EffectGroup) -> Void,
        settle: () -> Void
    ) -> Result {
        isProcessing = true
        let result = body()
        if settles {
            repeat {
                if !_released.isEmpty { processReleased(process) }
                processQueue(process)
                settle()
            } while (!_queue.isEmpty || !_released.isEmpty) && !isClosed
        } else {
            if !_released.isEmpty { processReleased(process) }
            processQueue(process)
        }
        isProcessing = false
        return result
    }

    /// Queues an action in a group; it counts as pending work until processed.
    @inlinable
    package func enqueue(_ action: Action, in group: EffectGroup) {
        enter(group)
        _queue.append(Queued(action: action, group: group))
    }

    /// Counts a piece of pending work (a queued or held action) in its group and in
    /// ``outstanding``; ``leave(_:)`` ends it.
    @usableFromInline
    package func enter(_ group: EffectGroup) {
        group.enter()
        outstanding.enter()
    }

    /// Ends a piece of pending work: a queued or held action that was processed or dropped.
    @usableFromInline
    package func leave(_ group: EffectGroup) {
        group.leave()
        outstanding.leave()
    }

    /// Holds an action instead of processing it: it counts as pending work in its group until
    /// ``releaseHeld()`` queues it, or ``close()`` drops it.
    @usableFromInline
    package func hold(_ action: Action, in group: EffectGroup) {
        enter(group)
        _held.append(Queued(action: action, group: group))
    }

    /// Releases the held actions: the processing loop processes them next, in the order they
    /// arrived, each followed by the actions it queues (as when they were sent), before the
    /// actions queued meanwhile. Called inside a turn (from an observer, say), that turn's
    /// loop does it; else the next turn.
    /// - Returns: Whether any action was held.
    @discardableResult
    package func releaseHeld() -> Bool {
        guard !_held.isEmpty, !isClosed else { return false }
        _released += _held
        _held = []
        return true
    }

    /// Processes the released held actions, each followed by the queue it leads to.
    @usableFromInline
    func processReleased(_ process: (Action, EffectGroup) -> Void) {
        let entries = _released
        _released = []
        for entry in entries {
            if isClosed {
                entry.group.close()
                continue
            }
            process(entry.action, entry.group)
            processQueue(process)
            leave(entry.group)
        }
    }

    /// Processes queued actions, in order, until none is left.
    @inlinable
    package func processQueue(_ process: (Action, EffectGroup) -> Void) {
        guard !_queue.isEmpty else { return }
        while _queueHead < _queue.count, !isClosed {
            let next = _queue[_queueHead]
            _queueHead += 1
            process(next.action, next.group)
            leave(next.group)
        }
        _queue.removeAll(keepingCapacity: true)
        _queueHead = 0
    }

    // MARK: Effects

    /// Starts an effect in a group: cancellations happen now, synchronous actions are queued,
    /// the rest runs in tasks.
    /// - Parameters:
    ///   - present: Receives the presentations the effect carries, in order.
    ///   - isAlive: Whether a child's part of the state is still there.
    @inlinable
    package func start(
        _ effect: Effect<Action>, in group: EffectGroup,
        present: (any UpdatePresentation) -> Void = { _ in },
        isAlive: (EffectLifetime) -> Bool = { _ in true }
    ) {
        effect.start(
            in: registry,
            deliver: { enqueue($0, in: group) },
            spawn: { spawn($0, tags: $1, in: group) },
            present: present,
            isAlive: isAlive
        )
    }

    /// Runs an effect in a task of its own, registered under its tags.
    @inlinable
    func spawn(_ effect: Effect<Action>, tags: EffectTags, in group: EffectGroup) {
        let run = _EffectRun(
            effect: effect, group: group, inbox: inbox, registry: registry,
            outstanding: outstanding)
        guard registry.insert(run, tags: tags) else { return }
        group.enter(run)
        outstanding.enter()
        run._attach(Self.startTask(on: executor, priority: effect.priority) { await run.run() })
        didStart?(run)
    }

    /// Starts a task for the runtime's work: the one place where Substate creates the tasks
    /// that run effects (and a state saver's timer).
    /// - Parameters:
    ///   - executor: Where the task runs: `nil` for a detached task on the global executor.
    ///   - priority: The task's priority.
    ///   - body: The work.
    @inlinable
    package static func startTask(
        on executor: (any TaskExecutor)?, priority: TaskPriority? = nil,
        _ body: sending @escaping @isolated(any) () async -> Void
    ) -> Task<Void, Never> {
        if let executor {
            return Task(executorPreference: executor, priority: priority, operation: body)
        }
        return Task.detached(priority: priority, operation: body)
    }

    /// Handles what effects delivered since the last drain, batch after batch: each action
    /// from an effect not cancelled meanwhile is processed in the effect's group, errors are
    /// collected for the client, and each effect that finished is forgotten (the other path by
    /// which effects end is ``_EffectRun/end()``, for cancelled ones).
    /// - Parameters:
    ///   - process: Processes one action in its group.
    ///   - settle: Called after each batch that held actions, once its queue is empty.
    ///   - failed: Receives each error no `catch` handler took, with its effect, after the
    ///     batch.
    /// - Returns: Whether anything was delivered.
    @inlinable
    @discardableResult
    package func drain(
        process: (Action, EffectGroup) -> Void,
        settle: () -> Void,
        failed: (any Error, EffectRecord) -> Void
    ) -> Bool {
        guard !isClosed else { return false }
        var errors: [(any Error, EffectRecord)] = []
        var delivered = false
        inbox.drain { entries, actionCount in
            delivered = true
            turn(
                settles: actionCount > 0, { handle(entries, errors: &errors, process: process) },
                process: process, settle: settle)
        }
        for (error, record) in errors where !isClosed {
            failed(error, record)
        }
        return delivered
    }

    @inlinable
    func handle(
        _ entries: [EffectInbox<Action>._Entry], errors: inout [(any Error, EffectRecord)],
        process: (Action, EffectGroup) -> Void
    ) {
        var sender: EffectRecord?
        for entry in entries {
            guard !isClosed else { return }
            switch entry {
            case .from(let record):
                sender = record
            case .action(let action):
                guard let sender, !sender.isCancelled else { continue }
                process(action, sender._group)
                processQueue(process)
            case .failed(let error, let record):
                if !record.isCancelled { errors.append((error, record)) }
            case .finished(let record):
                registry.remove(record)
                leave(record._group)
            }
        }
    }

    /// Cancels every effect, drops queued and held actions, closes the inbox and resumes
    /// every waiter. Later effects are refused.
    @usableFromInline
    package func close() {
        isClosed = true
        for entry in _queue[_queueHead...] { entry.group.close() }
        for entry in _held + _released { entry.group.close() }
        _queue = []
        _queueHead = 0
        _held = []
        _released = []
        registry.close()
        inbox.close()
        outstanding.close()
    }
}
