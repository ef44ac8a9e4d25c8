/// Watches every step of a store from inside: what a `TestStore` needs to check each step
/// of the real store it drives. A store without a step delegate pays one check per action.
///
/// Every call comes inside the store's processing, on the store's isolation: the main actor
/// for a ``Store``, the main actor too for an ``IsolatedStore`` that a test store drives.
package protocol StoreStepDelegate<Action>: AnyObject {
    associatedtype Action: Sendable

    /// An action is about to go through the middleware and the update function. `group` is
    /// `nil` for an action sent while the store was idle (the start of a `send`), and the
    /// work it belongs to otherwise (a queued action, an effect's action).
    func willProcess(_ action: Action, in group: EffectGroup?)

    /// The action was processed and committed, and its effect started in `joined` (`nil`
    /// when there was no effect and no group).
    func didProcess(_ action: Action, in group: EffectGroup?, joined: EffectGroup?)

    /// An update asked for an animation (see ``UpdateAnimation``).
    func didAsk(toAnimate animation: any UpdateAnimation)

    /// An effect threw an error that no `catch` handler took; the store's
    /// ``Store/effectErrorHandler`` is not called.
    func effectFailed(_ error: any Error, of running: RunningEffect)

    /// The store started an effect task.
    func didStart(_ running: RunningEffect)
}
