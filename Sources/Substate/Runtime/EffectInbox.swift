/// Where effect tasks leave their actions for the store, which takes them out in batches on
/// the main actor. One lock round trip per action on the producer side; one per batch on the
/// consumer side. Producers wait (backpressure) while `capacity` actions are undelivered.
///
/// The hot paths are `@inlinable` so that they are specialised for the program's own action
/// type: unspecialised generic code spends most of its time looking up type metadata.
@usableFromInline
package final class EffectInbox<Action: Sendable>: Sendable {
    /// What an effect delivered. To spare a reference count round trip per action (which two
    /// cores contend for), an action carries no record: it belongs to the record of the last
    /// `.from` before it.
    @usableFromInline
    enum Entry: Sendable {
        case from(EffectRecord)
        case action(Action)
        case failed(any Error, EffectRecord)
        case finished(EffectRecord)
    }

    @usableFromInline
    struct State {
        @usableFromInline var entries: [Entry] = []
        @usableFromInline var spare: [Entry] = []
        @usableFromInline var actionCount = 0
        @usableFromInline var isWakeScheduled = false
        @usableFromInline var isClosed = false
        @usableFromInline var wake: (@Sendable () -> Void)?
        @usableFromInline var producers: [UnsafeContinuation<Void, Never>] = []
        /// The record that the last `.from` entry in `entries` names.
        @usableFromInline var lastSender: ObjectIdentifier?

        @usableFromInline init() {}

        /// The wake handler to call, if no drain is scheduled yet; marks one as scheduled.
        @inlinable
        mutating func scheduleWake() -> (@Sendable () -> Void)? {
            guard !isWakeScheduled else { return nil }
            isWakeScheduled = true
            return wake
        }
    }

    @usableFromInline let state = Locked(State())
    @usableFromInline let capacity: Int

    @usableFromInline
    init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    /// Sets what to call when entries arrive in an empty inbox (the store schedules a drain).
    @usableFromInline
    func onWake(_ wake: @escaping @Sendable () -> Void) {
        state.withLock { $0.wake = wake }
    }

    /// Delivers an action from a running effect; suspends while the inbox is full.
    @inlinable
    func send(_ action: Action, from record: EffectRecord) async {
        guard !record.isCancelled else { return }
        let (wake, isFull) = state.withLock { state -> ((@Sendable () -> Void)?, Bool) in
            guard !state.isClosed else { return (nil, false) }
            let sender = ObjectIdentifier(record)
            if state.lastSender != sender {
                state.lastSender = sender
                state.entries.append(.from(record))
            }
            state.entries.append(.action(action))
            state.actionCount += 1
            return (state.scheduleWake(), state.actionCount >= capacity)
        }
        wake?()
        if isFull { await waitForRoom() }
    }

    /// Delivers a report (an error, the end of an effect) without waiting.
    @inlinable
    func report(_ entry: Entry) {
        let wake = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.isClosed else { return nil }
            state.entries.append(entry)
            return state.scheduleWake()
        }
        wake?()
    }

    @usableFromInline
    func waitForRoom() async {
        await withUnsafeContinuation { continuation in
            let hasRoom = state.withLock { state in
                guard state.actionCount >= capacity, !state.isClosed else { return true }
                state.producers.append(continuation)
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
    func drain(limit: Int = 65_536, _ body: ([Entry], _ actionCount: Int) -> Void) {
        var handled = 0
        while true {
            var entries: [Entry]
            let actionCount: Int
            let producers: [UnsafeContinuation<Void, Never>]
            (entries, actionCount, producers) = state.withLock { state in
                guard !state.entries.isEmpty else {
                    state.isWakeScheduled = false
                    return ([], 0, [])
                }
                let taken = state.entries
                state.entries = state.spare
                state.spare = []
                let count = state.actionCount
                state.actionCount = 0
                state.lastSender = nil
                defer { state.producers = [] }
                return (taken, count, state.producers)
            }
            guard !entries.isEmpty else { return }
            for producer in producers { producer.resume() }
            body(entries, actionCount)
            handled += entries.count
            entries.removeAll(keepingCapacity: true)
            let wake: (@Sendable () -> Void)? = state.withLock { state in
                if !state.isClosed, state.spare.capacity < entries.capacity {
                    swap(&state.spare, &entries)
                }
                return handled >= limit && !state.isClosed ? state.wake : nil
            }
            if let wake {
                wake()  // the drain goes on in a new turn of the main actor
                return
            }
        }
    }

    /// Drops everything and accepts nothing more; waiting producers go on (and their later
    /// sends are dropped).
    @usableFromInline
    func close() {
        let producers = state.withLock { state in
            state.isClosed = true
            state.entries = []
            state.spare = []
            state.wake = nil
            defer { state.producers = [] }
            return state.producers
        }
        for producer in producers { producer.resume() }
    }
}
