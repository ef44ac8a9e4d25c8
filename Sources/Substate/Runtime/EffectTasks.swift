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
}
