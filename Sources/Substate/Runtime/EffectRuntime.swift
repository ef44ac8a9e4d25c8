/// The one place where effects run and actions are processed: the action queue, the actions
/// held while time travel shows a past state, the inbox where effect tasks leave their
/// actions and the hop that drains it, the registry of running effects and their
/// cancellation ids, the groups that ``StoreTask/finish()`` waits on, the processing loop,
/// and the start and the end of every effect task.
///
/// Its delegate (see ``EffectRuntimeDelegate``) owns it: ``Store`` in production and in tests
/// (`SubstateTesting`'s `TestStore` drives a real store), and small collectors for
/// `UpdateSpec` and the iterator of an ``Effect``. The delegate says what processing an action
/// means and what to do once the queue is empty; the runtime calls it, never the other way
/// round except to hand it work (``send(_:)``, ``begin(with:)``, ``drain()``) and to start an
/// effect while processing (``start(_:in:)``). What differs between production and tests is
/// where effect tasks run and who drains the inbox (see ``WakeUp``).
///
/// Not `Sendable`: its delegate uses it from one context (the store's main actor, a test's
/// thread, an iterating task). Effect tasks reach only its `Sendable` parts (the inbox, the
/// registry, the groups) through their ``_EffectRun``.
@usableFromInline
package final class EffectRuntime<Delegate: EffectRuntimeDelegate> {
    @usableFromInline package typealias Action = Delegate.Action

    @usableFromInline package let inbox = EffectInbox<Action>()
    @usableFromInline package let registry = EffectRegistry()
    /// Every piece of pending work: what ``Store/finishEffects()`` waits for.
    @usableFromInline package let outstanding = EffectGroup.make(registry: nil)
    /// Where effect tasks run; `nil` for detached tasks on the global executor.
    @usableFromInline package let executor: (any TaskExecutor)?

    /// The delegate, which owns the runtime; set once by ``attach(_:)``. Unretained, because the
    /// runtime asks it something for every action (a retained or `unowned` reference costs a
    /// retain and a release per call, ~20 ns of a send): the delegate closes the runtime
    /// before it goes (its `deinit` does), and a closed runtime never calls it. A debug build
    /// checks that. Read by short accesses that never overlap, so its exclusivity is not
    /// checked at run time either.
    ///
    /// Kept as a raw pointer, not an `Unmanaged<Delegate>?`: unoptimised, every call looked up
    /// the metadata of `Unmanaged<Delegate>` and of its optional in the runtime's caches (about
    /// 650 instructions per call in `send.counter`); optimised, both are the same.
    @usableFromInline @exclusivity(unchecked) var _delegate: UnsafeMutableRawPointer?
    #if SUBSTATE_INTERNAL_CHECKS
        /// The delegate, to check with the internal checks on that it is alive whenever the runtime
        /// calls it: reading an unowned reference to an object that went traps. Not `weak`: a weak
        /// reference gives the delegate a side table, which sends every retain and release of it
        /// down the runtime's slow path (about 15 % of an unoptimised `send.counter`). Set once,
        /// read by short accesses: unchecked for exclusivity at run time, which cost a debug send
        /// two checks (about 230 instructions).
        @usableFromInline @exclusivity(unchecked) unowned(safe) var _checkedDelegate: Delegate?
    #endif

    /// Idle, processing or closed (see ``_Phase``).
    @usableFromInline @exclusivity(unchecked) var _phase = _Phase.idle
    @usableFromInline @exclusivity(unchecked) var _queue: [Queued] = []
    @usableFromInline @exclusivity(unchecked) var _queueHead = 0
    /// The actions held while the delegate shows a past state (time travel), rather than
    /// processed as they come; `nil` when actions are not held.
    @usableFromInline @exclusivity(unchecked) var _held: [Queued]?
    /// Held actions released by ``releaseHeld()``, for the processing loop to process first.
    @usableFromInline @exclusivity(unchecked) var _released: [Queued] = []

    /// Whether actions are held (see `_held`).
    @inlinable var _isHolding: Bool { _held != nil }
    /// Whether `_queue` holds actions not processed yet.
    @inlinable var _hasQueued: Bool { _queueHead < _queue.count }
    /// Whether released held actions wait to be processed.
    @inlinable var _hasReleased: Bool { !_released.isEmpty }

    /// What the runtime is doing (see ``_EffectRuntimePhase``).
    @usableFromInline typealias _Phase = _EffectRuntimePhase

    /// Who drains the inbox when effects deliver.
    @usableFromInline
    package enum WakeUp {
        /// The runtime hops to the main actor and drains there (a ``Store``).
        case mainActor
        /// The runtime calls this; its owner drains (an iterated effect's task).
        case signal(@Sendable () -> Void)
        /// Nobody is told: whoever runs the executor drains when it is idle (a test store's
        /// scheduler).
        case manual
    }

    /// Creates a runtime; its owner then calls ``attach(_:)`` before handing it any work.
    ///
    /// Inlined, so that the main-actor hop is made where the delegate's type is known: the
    /// drains it runs are then specialised for the program (unspecialised, an action delivered
    /// by an effect cost four times as much: `effect.stream`).
    /// - Parameters:
    ///   - executor: Where effect tasks run; `nil` for detached tasks on the global executor.
    ///   - wakeUp: Who drains the inbox when effects deliver.
    @inlinable
    package init(executor: (any TaskExecutor)?, wakeUp: WakeUp) {
        self.executor = executor
        switch wakeUp {
        case .mainActor:
            let hop = _MainActorHop(self)
            inbox._onWake { Task { @MainActor in hop.drain() } }
        case .signal(let signal):
            inbox._onWake(signal)
        case .manual:
            break
        }
    }

    /// Sets the delegate: the object that owns the runtime and is told of its work.
    @usableFromInline
    package func attach(_ delegate: Delegate) {
        precondition(_delegate == nil, "An effect runtime was attached to a second delegate.")
        _delegate = Unmanaged.passUnretained(delegate).toOpaque()
        #if SUBSTATE_INTERNAL_CHECKS
            _checkedDelegate = delegate
        #endif
    }

    /// Calls `body` with the delegate, without retaining it; checked to be attached and alive
    /// with the internal checks on.
    @inlinable
    func withDelegate<Result>(_ body: (Delegate) -> Result) -> Result {
        #if SUBSTATE_INTERNAL_CHECKS
            precondition(_checkedDelegate != nil, "An effect runtime outlived its delegate.")
        #endif
        return Unmanaged<Delegate>.fromOpaque(_delegate.unsafelyUnwrapped)._withUnsafeGuaranteedRef(
            body)
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

    /// Whether an action is being processed: actions sent now are queued.
    @inlinable package var isProcessing: Bool { _phase == .processing }
    /// Whether the runtime is between turns: open, and processing nothing.
    @inlinable package var isIdle: Bool { _phase == .idle }
    /// Whether the runtime was closed: it processes and starts nothing more.
    @inlinable package var isClosed: Bool { _phase == .closed }

    /// A new group for the work of one action.
    @usableFromInline
    package func makeGroup() -> EffectGroup {
        EffectGroup.make(registry: registry)
    }
}

/// Drains a main-actor delegate's runtime from the task that the inbox's wake-up starts.
/// `@unchecked Sendable`: the runtime is touched only on the main actor, where its delegate
/// lives.
///
/// The reference is strong, not weak: a weak one gives the runtime a side table, which sends
/// every retain and release of it down the runtime's slow path (measured in an unoptimised
/// `send.counter`). The runtime holds the hop in turn (through its inbox's wake-up); closing
/// the runtime, which its delegate does when it goes, drops the wake-up and so breaks the
/// cycle, and a hop still pending then keeps the runtime until it runs and finds it closed.
@usableFromInline
final class _MainActorHop<Delegate: EffectRuntimeDelegate>: @unchecked Sendable {
    @usableFromInline let _runtime: EffectRuntime<Delegate>

    @inlinable
    init(_ runtime: EffectRuntime<Delegate>) {
        self._runtime = runtime
    }

    @inlinable @MainActor
    func drain() {
        _runtime.drain()
    }
}
