/// Where effect tasks leave their actions for the store, which takes them out in batches on
/// the main actor. One lock round trip per action on the producer side; one per batch on the
/// consumer side. Producers wait (backpressure) while `_capacity` actions are undelivered.
///
/// The hot paths are `@inlinable` so that they are specialised for the program's own action
/// type: unspecialised generic code spends most of its time looking up type metadata.
@usableFromInline
package final class EffectInbox<Action: Sendable>: Sendable {
    /// What an effect delivered. To spare a reference count round trip per action (which two
    /// cores contend for), an action carries no running effect: it belongs to the running effect of
    /// the last `.from` before it.
    @usableFromInline
    enum _Entry: Sendable {
        case from(RunningEffect)
        case action(Action)
        case failed(any Error, RunningEffect)
        case finished(RunningEffect)
        /// Work for the store's isolation (see ``_InboxCall``).
        case call(_InboxCall)
    }

    /// Whether the consumer was told of the entries waiting; `closed` is final.
    @usableFromInline
    enum _Status {
        /// No drain is due: the next entry wakes the consumer.
        case quiet
        /// The consumer was woken and has not found the inbox empty since.
        case woken
        /// Closed: entries are dropped, nobody is woken.
        case closed
    }

    @usableFromInline
    struct _State {
        @usableFromInline var _entries: [_Entry] = []
        @usableFromInline var _spare: [_Entry] = []
        @usableFromInline var _actionCount = 0
        @usableFromInline var _status = _Status.quiet
        @usableFromInline var _wake: (@Sendable () -> Void)?
        @usableFromInline var _producers: [UnsafeContinuation<Void, Never>] = []
        /// The running effect that the last `.from` entry in `_entries` names.
        @usableFromInline var _lastSender: ObjectIdentifier?

        @usableFromInline init() {}

        /// Whether entries are dropped.
        @inlinable var _isClosed: Bool { _status == .closed }

        /// The wake handler to call, if the consumer was not woken yet; marks it woken.
        @inlinable
        mutating func scheduleWake() -> (@Sendable () -> Void)? {
            guard _status == .quiet else { return nil }
            _status = .woken
            return _wake
        }
    }

    @usableFromInline let _state = Locked(_State())
    @usableFromInline let _capacity: Int

    @usableFromInline
    init(capacity: Int = 4096) {
        self._capacity = capacity
    }

    /// Sets what to call when entries arrive in an empty inbox (the store schedules a drain).
    @usableFromInline
    func _onWake(_ wake: @escaping @Sendable () -> Void) {
        _state.withLock { $0._wake = wake }
    }

    /// Delivers an action from a running effect without waiting (a ``Send`` calls it).
    /// - Returns: `.full` when the inbox is full: the producer then waits for room
    ///   (``_waitForRoom()``) before it sends again; `.dropped` when the effect was cancelled
    ///   or the inbox closed.
    @inlinable
    func _offer(_ action: Action, from running: RunningEffect) -> _Offer {
        guard !running.isCancelled else { return .dropped }
        let (wake, outcome) = _state.withLock { state -> ((@Sendable () -> Void)?, _Offer) in
            guard !state._isClosed else { return (nil, .dropped) }
            let sender = ObjectIdentifier(running)
            if state._lastSender != sender {
                state._lastSender = sender
                state._entries.append(.from(running))
            }
            state._entries.append(.action(action))
            state._actionCount += 1
            return (state.scheduleWake(), state._actionCount >= _capacity ? .full : .taken)
        }
        wake?()
        return outcome
    }

    /// Delivers a report (an error, the end of an effect) without waiting.
    @usableFromInline
    func report(_ entry: _Entry) {
        let wake = _state.withLock { state -> (@Sendable () -> Void)? in
            guard !state._isClosed else { return nil }
            state._entries.append(entry)
            return state.scheduleWake()
        }
        wake?()
    }

    /// Delivers work for the store's isolation, which runs it when it next drains the inbox;
    /// a closed inbox drops it at once (see ``_InboxCall``).
    package func post(_ call: _InboxCall) {
        report(.call(call))
    }

    @usableFromInline
    func _waitForRoom() async {
        await withUnsafeContinuation { continuation in
            let hasRoom = _state.withLock { state in
                guard state._actionCount >= _capacity, !state._isClosed else { return true }
                state._producers.append(continuation)
                return false
            }
            if hasRoom { continuation.resume() }
        }
    }

    /// Takes what effects delivered, batch after batch, until the inbox is empty or `limit`
    /// entries were handled (then it schedules another drain, so that a fast producer cannot
    /// hold the main actor forever). Waiting producers go on after each batch.
    ///
    /// Draining until empty, rather than one batch per wake-up, spares a task hop to the main
    /// actor for every batch while effects keep producing.
    /// - Parameters:
    ///   - limit: How many entries to handle before giving the main actor back.
    ///   - body: Called with each batch, in delivery order, and the number of actions in it.
    @inlinable
    func drain(limit: Int = 65_536, _ body: ([_Entry], _ actionCount: Int) -> Void) {
        var handled = 0
        while true {
            var entries: [_Entry]
            let actionCount: Int
            let producers: [UnsafeContinuation<Void, Never>]
            (entries, actionCount, producers) = _state.withLock { state in
                guard !state._entries.isEmpty else {
                    if state._status == .woken { state._status = .quiet }
                    return ([], 0, [])
                }
                let taken = state._entries
                state._entries = state._spare
                state._spare = []
                let count = state._actionCount
                state._actionCount = 0
                state._lastSender = nil
                defer { state._producers = [] }
                return (taken, count, state._producers)
            }
            guard !entries.isEmpty else { return }
            for producer in producers { producer.resume() }
            body(entries, actionCount)
            handled += entries.count
            entries.removeAll(keepingCapacity: true)
            let wake: (@Sendable () -> Void)? = _state.withLock { state in
                if !state._isClosed, state._spare.capacity < entries.capacity {
                    swap(&state._spare, &entries)
                }
                return handled >= limit && !state._isClosed ? state._wake : nil
            }
            if let wake {
                wake()  // the drain goes on in a new turn of the main actor
                return
            }
        }
    }

    /// Drops everything and accepts nothing more; waiting producers go on (and their later
    /// sends are dropped).
    func close() {
        let (producers, dropped) = _state.withLock { state in
            state._status = .closed
            let dropped = state._entries
            state._entries = []
            state._spare = []
            state._wake = nil
            defer { state._producers = [] }
            return (state._producers, dropped)
        }
        for producer in producers { producer.resume() }
        // Let go of the dropped entries outside the lock: a dropped call answers whoever
        // waits for it as it goes.
        _ = consume dropped
    }
}

/// What became of an action an effect sent (see ``EffectInbox/_offer(_:from:)``).
@usableFromInline
enum _Offer {
    /// Taken, with room for more.
    case taken
    /// Taken; the inbox is full, and the sender waits for room.
    case full
    /// Dropped: the effect was cancelled, or its store closed.
    case dropped
}
