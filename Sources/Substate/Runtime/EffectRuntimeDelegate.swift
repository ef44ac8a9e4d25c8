/// What an ``EffectRuntime`` hands back to the object that owns it: the store in production
/// and in tests, and small collectors for `UpdateSpec` and an iterated ``Effect``.
///
/// The runtime owns the processing loop (the queue, the held actions, the inbox and its
/// wake-up hop); the delegate says what processing one action means and what to do when the
/// loop is quiet. Every requirement but the first has a default that does nothing, so a
/// delegate that only collects actions writes one method.
@usableFromInline
package protocol EffectRuntimeDelegate<Action>: AnyObject {
    associatedtype Action: Sendable

    /// Processes one action (the store: middleware, update, commit) and starts its effect
    /// through ``EffectRuntime/start(_:in:)``.
    /// - Parameters:
    ///   - action: The action.
    ///   - group: The work it belongs to; `nil` for an action sent while the runtime was idle.
    /// - Returns: The group the action's effect joined: `group`, a new one, or `nil` if
    ///   there was no group and no effect.
    func runtimeProcess(_ action: Action, in group: EffectGroup?) -> EffectGroup?

    /// The queue is empty after a turn that processed something: the store tells its
    /// observers, who may send (their actions are queued and processed in the same turn).
    func runtimeSettle()

    /// An effect being started carries an animation (see ``UpdateAnimation``).
    func runtimeAnimate(_ animation: any UpdateAnimation)

    /// Whether the child whose lifetime this is is still alive in the state just committed.
    func runtimeIsAlive(_ lifetime: EffectLifetime) -> Bool

    /// An effect threw an error that no `catch` handler took.
    func runtimeEffectFailed(_ error: any Error, of running: RunningEffect)

    /// An effect task was started (a test store lists them).
    func runtimeDidStart(_ running: RunningEffect)
}

extension EffectRuntimeDelegate {
    @inlinable package func runtimeSettle() {}
    @inlinable package func runtimeAnimate(_ animation: any UpdateAnimation) {}
    @inlinable package func runtimeIsAlive(_ lifetime: EffectLifetime) -> Bool { true }
    @inlinable package func runtimeEffectFailed(_ error: any Error, of running: RunningEffect) {}
    @inlinable package func runtimeDidStart(_ running: RunningEffect) {}
}
