/// Sends actions from a running effect back to the store.
///
/// An effect created with ``Effect/run(priority:operation:catch:)`` receives a `Send`. Call it
/// like a function:
///
/// ```swift
/// .run { send in
///     await send(.started)
///     await send(.finished(try await environment.work()))
/// }
/// ```
///
/// Actions sent through one `Send` reach the store in the order they were sent. A send may
/// suspend briefly when the store has many undelivered actions waiting (backpressure), so that
/// a fast producer cannot grow memory without bound. Actions sent after the effect was
/// cancelled, or after its store was torn down, are dropped, and each such send yields. An
/// effect that goes on sending after its hundredth dropped send (a loop that never looks at
/// `Task.isCancelled`) is stopped there for good: that send never returns, the effect counts
/// as ended, and no thread is kept busy by it (a debug build says so on standard error); its
/// suspended task, and what it holds, stay in memory.
public struct Send<Action: Sendable>: Sendable {
    /// Where actions go: a closure, or (for the effects a store runs) straight to the store's
    /// inbox through the effect's run, which spares every effect task a closure allocation,
    /// keeps sending specialised for the action type, and holds one reference (to the run)
    /// rather than the inbox that all effects share.
    @usableFromInline
    enum _Target: Sendable {
        case closure(@Sendable (Action) async -> Void)
        case run(_EffectRun<Action>)
    }

    @usableFromInline let _target: _Target
    /// The run of `.run`, unretained (`_target` holds it): a send reads it without changing
    /// its reference count, which the store changes too, on its own thread.
    @usableFromInline let _run: Unmanaged<_EffectRun<Action>>?

    /// Creates a `Send` that hands each action to a closure.
    ///
    /// Stores create the `Send` that effects receive; create one yourself to run an effect's
    /// operation outside a store, for example in a test.
    /// - Parameter deliver: Called with each action, in order.
    public init(_ deliver: @escaping @Sendable (Action) async -> Void) {
        _target = .closure(deliver)
        _run = nil
    }

    /// A `Send` to a store's inbox, on behalf of one effect task.
    @usableFromInline
    init(run: _EffectRun<Action>) {
        _target = .run(run)
        _run = Unmanaged.passUnretained(run)
    }

    /// Sends an action to the store.
    /// - Parameter action: The action to send.
    @inlinable
    public func callAsFunction(_ action: Action) async {
        if let run = _run {
            // `self`, which holds the run, lives until this call returns.
            switch run._withUnsafeGuaranteedRef({ $0._inbox._offer(action, from: $0) }) {
            case .taken: break
            case .full: await run.takeUnretainedValue()._inbox._waitForRoom()
            case .dropped: await run.takeUnretainedValue()._sendWasDropped()
            }
        } else if case .closure(let deliver) = _target {
            await deliver(action)
        }
    }

    /// A `Send` for another kind of action that converts each one into this kind.
    ///
    /// Used to embed a child's effects in a parent: the child's `Send` wraps the parent's.
    /// - Parameter transform: Converts a child action into an action of this `Send`.
    /// - Returns: A `Send` that transforms its actions and forwards them here.
    public func map<Child: Sendable>(
        _ transform: @escaping @Sendable (Child) -> Action
    ) -> Send<Child> {
        let parent = self
        return Send<Child> { child in await parent(transform(child)) }
    }
}
