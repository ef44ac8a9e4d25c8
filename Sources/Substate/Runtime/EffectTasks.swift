/// The one place where Substate creates the tasks that run effects (and a state saver's
/// timer).
@usableFromInline
package enum EffectTasks {
    /// Starts a task for the runtime's work.
    /// - Parameters:
    ///   - executor: Where the task runs: `nil` for a detached task on the global executor.
    ///   - priority: The task's priority.
    ///   - body: The work.
    @inlinable
    package static func start(
        on executor: (any TaskExecutor)?, priority: TaskPriority? = nil,
        _ body: sending @escaping @isolated(any) () async -> Void
    ) -> Task<Void, Never> {
        if let executor {
            return Task(executorPreference: executor, priority: priority, operation: body)
        }
        return Task.detached(priority: priority, operation: body)
    }

    /// Starts the task of an effect.
    ///
    /// The task's closure is written here, where the task is made, and captures `run` only:
    /// handing ``start(on:priority:_:)`` a closure made elsewhere cost each effect one
    /// allocation more, a thunk that adapted that closure to the task's operation (the
    /// closure's own context, which holds its isolation and `run`, is made either way).
    /// - Parameters:
    ///   - executor: Where the task runs: `nil` for a detached task on the global executor.
    ///   - priority: The task's priority.
    ///   - run: The running effect and what it needs.
    @inlinable
    static func start<Action: Sendable>(
        on executor: (any TaskExecutor)?, priority: TaskPriority?, running run: _EffectRun<Action>
    ) -> Task<Void, Never> {
        if let executor {
            return Task(executorPreference: executor, priority: priority) { await run.run() }
        }
        return Task.detached(priority: priority) { await run.run() }
    }
}
