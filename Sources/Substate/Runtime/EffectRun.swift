import Synchronization

/// An effect task of a store: a running effect, with everything the task needs to run and end.
///
/// The task's closure captures this one object and nothing else, so that starting an effect
/// allocates no closure context, and retains no object that the store shares with every
/// other effect: on two cores, each such retain on the main actor and release in the task
/// moves a cache line between the cores (measured: a quarter of the main actor's time in
/// `effect.cancelInFlight` went to reference counting before). The shared objects are
/// released with the run, which usually happens on the main actor, where the registry forgets
/// ended effects.
@usableFromInline
final class _EffectRun<Action: Sendable>: RunningEffect, @unchecked Sendable {
    @usableFromInline let _effect: Effect<Action>
    @usableFromInline let _inbox: EffectInbox<Action>
    @usableFromInline let _registry: EffectRegistry
    /// The store's count of all pending work.
    @usableFromInline let _outstanding: EffectGroup
    /// The sends dropped because the effect was cancelled or its store closed.
    let droppedSends = Atomic<Int>(0)

    @usableFromInline
    init(
        effect: Effect<Action>, group: EffectGroup, inbox: EffectInbox<Action>,
        registry: EffectRegistry, outstanding: EffectGroup
    ) {
        self._effect = effect
        self._inbox = inbox
        self._registry = registry
        self._outstanding = outstanding
        super.init(group: group)
    }

    /// Runs the effect to its end, then ends (see ``end()``).
    @inlinable
    func run() async {
        await _effect.perform(
            send: Send(run: self), context: EffectContext(registry: _registry, handle: self),
            report: { error in self.report(error) })
        end()
    }

    /// The one way an effect task ends. A finished effect tells the store through the inbox,
    /// behind its last actions, so that it counts as running (and cancellable) until they were
    /// processed; the store then forgets it (see ``EffectRuntime``). A cancelled effect ends
    /// here, without waiting for the store's thread or the registry's lock: nothing of it
    /// reaches the store any more.
    @inlinable
    func end() {
        if isCancelled {
            _registry.ended(self)
            _group.leave()
            _outstanding.leave()
        } else {
            _inbox.report(.finished(self))
        }
    }

    /// How many dropped sends an effect may make before it is stopped (see ``Send``).
    static var droppedSendLimit: Int { 100 }

    /// A send of this effect was dropped: it was cancelled, or its store closed. The send
    /// yields, so that a loop that goes on sending does not hold its thread; past
    /// ``droppedSendLimit`` the effect is stopped for good: it counts as ended, and the send
    /// never returns.
    @usableFromInline
    func _sendWasDropped() async {
        let count = droppedSends.add(1, ordering: .relaxed).newValue
        guard count > Self.droppedSendLimit else { return await Task.yield() }
        if count == Self.droppedSendLimit + 1 {
            #if DEBUG
                writeToStandardError(
                    "Substate: an effect went on sending after it was cancelled (\(count) "
                        + "sends dropped); it is stopped for good. Check Task.isCancelled in its "
                        + "loop, or loop over an async sequence, which ends when cancelled.")
            #endif
            end()
        }
        await _StoppedEffects.park()
    }

    /// Hands an error that no `catch` handler took to the store.
    @usableFromInline
    func report(_ error: any Error) {
        _inbox.report(.failed(error, self))
    }
}

/// Effects stopped because they went on sending after they were cancelled (see ``Send``): their
/// tasks wait here for good, reachable, using no thread.
enum _StoppedEffects {
    private static let parked = Locked<[UnsafeContinuation<Void, Never>]>([])

    /// Suspends the calling task for good.
    static func park() async {
        await withUnsafeContinuation { continuation in
            parked.withLock { $0.append(continuation) }
        }
    }
}
