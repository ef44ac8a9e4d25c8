import Synchronization

/// Fans values out to any number of ``AsyncBuffer`` subscribers, each of which keeps at most
/// `bufferLimit` unread values (the newest). Publishing with no subscribers costs one atomic
/// load.
@usableFromInline
final class _Broadcast<Element: Sendable>: Sendable {
    /// The most unread values a subscriber keeps: 1 for states (a state supersedes the ones
    /// before it).
    let bufferLimit: Int
    /// What the values are, for the message a debug build writes when a slow reader misses
    /// some: "actions".
    private let name: String

    init(bufferLimit: Int, name: String) {
        self.bufferLimit = bufferLimit
        self.name = name
    }

    /// A store's committed states: a subscriber keeps the newest unread state only.
    static func states() -> _Broadcast { _Broadcast(bufferLimit: 1, name: "states") }

    /// A store's processed actions: a subscriber keeps the newest ``actionLimit`` unread.
    static func actions() -> _Broadcast { _Broadcast(bufferLimit: actionLimit, name: "actions") }

    /// The most unread actions a subscriber of a store's actions keeps.
    static var actionLimit: Int { 10_000 }

    private struct Subscribers {
        var nextID = 0
        var buffers: [Int: AsyncBuffer<Element>] = [:]
        var isFinished = false
    }

    private let subscribers = Locked(Subscribers())
    @usableFromInline let _count = Atomic<Int>(0)

    /// Whether anyone is subscribed; cheap enough for a hot path (inlined: one load).
    @inlinable var _hasSubscribers: Bool { _count.load(ordering: .relaxed) > 0 }

    /// Adds a subscriber. After ``finish()`` the new buffer is finished at once.
    func subscribe() -> (id: Int, buffer: AsyncBuffer<Element>) {
        let buffer = AsyncBuffer<Element>(limit: bufferLimit)
        let id: Int? = subscribers.withLock { subscribers in
            guard !subscribers.isFinished else { return nil }
            let id = subscribers.nextID
            subscribers.nextID += 1
            subscribers.buffers[id] = buffer
            _count.store(subscribers.buffers.count, ordering: .relaxed)
            return id
        }
        guard let id else {
            buffer.finish()
            return (-1, buffer)
        }
        return (id, buffer)
    }

    /// Removes a subscriber and finishes its buffer.
    func unsubscribe(_ id: Int) {
        let buffer = subscribers.withLock { subscribers in
            defer { _count.store(subscribers.buffers.count, ordering: .relaxed) }
            return subscribers.buffers.removeValue(forKey: id)
        }
        buffer?.finish()
    }

    /// Sends a value to every subscriber.
    @usableFromInline func _publish(_ element: Element) {
        guard _hasSubscribers else { return }
        let dropped = subscribers.withLock { subscribers in
            var dropped = false
            for buffer in subscribers.buffers.values where buffer.push(element) {
                dropped = dropped || buffer.droppedCount == 1
            }
            return dropped
        }
        #if DEBUG
            // Once per subscription: the first value it missed. (States supersede each other
            // by design: only actions are worth a word.)
            if dropped, bufferLimit > 1 {
                writeToStandardError(
                    "Substate: a reader of a store's \(name) is \(bufferLimit) behind; the "
                        + "oldest unread \(name) are dropped from its sequence.")
            }
        #else
            _ = dropped
        #endif
    }

    /// Finishes every subscriber, now and later.
    func finish() {
        let buffers = subscribers.withLock { subscribers in
            subscribers.isFinished = true
            defer {
                subscribers.buffers = [:]
                _count.store(0, ordering: .relaxed)
            }
            return Array(subscribers.buffers.values)
        }
        for buffer in buffers {
            buffer.finish()
        }
    }
}
