/// Something running that a registry can cancel: a store's effect task, or a test store's.
///
/// A class, not a protocol, so that the registry keeps what it knows of each running effect
/// in the handle itself: the effects of a store are a list linked through their handles, and
/// registering one is a few pointer writes under the registry's lock, where a table keyed by
/// the handle hashed it, and grew and rehashed itself (with page faults of its new storage)
/// when many effects were started at once (see `effect.start` in <doc:Performance>).
@usableFromInline
package class EffectHandle: @unchecked Sendable {
    // Sendable: the registry's fields below are read and written only under its lock;
    // subclasses guard their own.

    /// The registry whose list of running effects holds the handle, if one does.
    nonisolated(unsafe) final var _owner: ObjectIdentifier?
    /// The next handle in the registry's list, which holds each handle it lists.
    nonisolated(unsafe) final var _next: EffectHandle?
    /// The previous handle in the list; not held (the previous handle holds this one).
    nonisolated(unsafe) final unowned(unsafe) var _previous: EffectHandle?
    /// The ids the effect answers to.
    nonisolated(unsafe) final var _ids = EffectIDList()
    /// The lifetimes of the children that started the effect: it may go on while they are
    /// alive. Empty for most effects.
    nonisolated(unsafe) final var _lifetimes: [EffectLifetime] = []

    package init() {}

    /// Cancels the effect; its later actions are dropped.
    @usableFromInline
    package func cancel() {}

    /// The registry closed for good (the store was torn down): release whoever waits for it.
    @usableFromInline
    package func registryDidClose() {}
}
