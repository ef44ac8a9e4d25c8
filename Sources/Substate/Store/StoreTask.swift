/// The work that one ``Store/send(_:)`` caused.
///
/// The work of an action is the effect its update returned, plus, transitively, the effects
/// started by the actions that effect produced. Await ``finish()`` to wait for all of it:
///
/// ```swift
/// await store.send(.load).finish()
/// print(store.state.items)
/// ```
///
/// Discarding a `StoreTask` does not cancel anything.
public struct StoreTask: Sendable {
    @usableFromInline let _group: EffectGroup?

    @usableFromInline
    init(group: EffectGroup?) {
        self._group = group
    }

    /// Suspends until the work has finished: every effect it started has ended and every
    /// action those effects produced has been processed.
    ///
    /// Returns at once if the action started no asynchronous work, when the store is torn
    /// down, and when the waiting task is cancelled. A cancelled effect counts as finished
    /// when its task has actually ended.
    public func finish() async {
        await _group?.wait()
    }

    /// Cancels the effects this work started, and any it starts from now on.
    ///
    /// Actions those effects produced but the store has not processed yet are dropped.
    public func cancel() {
        _group?.cancel()
    }

    /// Whether the work has finished (see ``finish()``).
    public var isFinished: Bool {
        _group?.isFinished ?? true
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool {
        _group?.isCancelled ?? false
    }
}
