/// A single-consumer queue between synchronous producers and one asynchronous consumer, with
/// a bound: `push` never suspends; once `limit` elements wait unread, a new one replaces the
/// oldest (which is released at once). `next()` suspends until an element arrives or the
/// buffer is finished. Cancelling the consuming task finishes the buffer.
final class AsyncBuffer<Element: Sendable>: Sendable {
    /// The unread elements, in a ring that grows up to the limit.
    private struct Storage {
        var slots: [Element?] = []
        var head = 0
        var count = 0
        let limit: Int
        /// Elements dropped because the reader was `limit` behind.
        var dropped = 0
        var isFinished = false
        var consumer: UnsafeContinuation<Element?, Never>?

        mutating func append(_ element: Element) {
            if count == slots.count, slots.count < limit {
                // Grow, unrolling the ring into the new storage.
                let size = Swift.min(Swift.max(2 * slots.count, 4), limit)
                var grown = [Element?]()
                grown.reserveCapacity(size)
                for offset in 0..<count { grown.append(slots[(head + offset) % slots.count]) }
                grown.append(contentsOf: repeatElement(nil, count: size - count))
                slots = grown
                head = 0
            }
            if count == slots.count {
                // Full at the limit: the newest takes the oldest's slot.
                slots[head] = element
                head = (head + 1) % slots.count
                dropped += 1
            } else {
                slots[(head + count) % slots.count] = element
                count += 1
            }
        }

        mutating func popFirst() -> Element? {
            guard count > 0 else { return nil }
            let element = slots[head].take()
            head = (head + 1) % slots.count
            count -= 1
            return element
        }
    }

    private let storage: Locked<Storage>

    /// A buffer that keeps at most `limit` unread elements (the newest).
    init(limit: Int = .max) {
        precondition(limit > 0, "an AsyncBuffer keeps at least one element")
        storage = Locked(Storage(limit: limit))
    }

    /// The number of elements dropped so far because the reader was `limit` behind.
    var droppedCount: Int { storage.withLock { $0.dropped } }

    /// Appends an element, or hands it straight to a waiting consumer. Dropped once finished.
    /// - Returns: Whether an unread element was dropped to make room for it.
    @discardableResult
    func push(_ element: Element) -> Bool {
        let (consumer, dropped): (UnsafeContinuation<Element?, Never>?, Bool) =
            storage.withLock { storage in
                guard !storage.isFinished else { return (nil, false) }
                if let consumer = storage.consumer {
                    storage.consumer = nil
                    return (consumer, false)
                }
                let before = storage.dropped
                storage.append(element)
                return (nil, storage.dropped != before)
            }
        consumer?.resume(returning: element)
        return dropped
    }

    /// Ends the buffer: the consumer receives what is buffered, then `nil`.
    func finish() {
        let consumer = storage.withLock { storage in
            storage.isFinished = true
            defer { storage.consumer = nil }
            return storage.consumer
        }
        consumer?.resume(returning: nil)
    }

    /// The next element, or `nil` once the buffer is finished and empty.
    func next() async -> Element? {
        if let element = storage.withLock({ $0.popFirst() }) { return element }
        return await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                storage.withLock { storage in
                    if let element = storage.popFirst() {
                        continuation.resume(returning: element)
                    } else if storage.isFinished {
                        continuation.resume(returning: nil)
                    } else {
                        storage.consumer = continuation
                    }
                }
            }
        } onCancel: {
            finish()
        }
    }
}
