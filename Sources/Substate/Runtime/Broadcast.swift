import Synchronization

/// Fans values out to any number of ``AsyncBuffer`` subscribers. Publishing with no
/// subscribers costs one atomic load.
@usableFromInline
final class _Broadcast<Element: Sendable>: Sendable {
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
        let buffer = AsyncBuffer<Element>()
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
        subscribers.withLock { subscribers in
            for buffer in subscribers.buffers.values {
                buffer.push(element)
            }
        }
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
