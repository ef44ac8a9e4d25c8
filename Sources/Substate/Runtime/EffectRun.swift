/// An effect task of a store: its record, and everything the task needs to run and to end.
///
/// The task's closure captures this one object and nothing else, so that starting an effect
/// allocates no closure context, and retains no object that the store shares with every
/// other effect: on two cores, each such retain on the main actor and release in the task
/// moves a cache line between the cores (measured: a quarter of the main actor's time in
/// `effect.cancelInFlight` went to reference counting before). The shared objects are
/// released with the run, which usually happens on the main actor, where the registry forgets
/// ended effects.
@usableFromInline
final class _EffectRun<Action: Sendable>: EffectRecord, @unchecked Sendable {
    @usableFromInline let _effect: Effect<Action>
    @usableFromInline let _inbox: EffectInbox<Action>
    @usableFromInline let _registry: EffectRegistry
    /// The store's count of all pending work.
    @usableFromInline let _outstanding: EffectGroup

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

    /// Hands an error that no `catch` handler took to the store.
    @usableFromInline
    func report(_ error: any Error) {
        _inbox.report(.failed(error, self))
    }
}
