/// An unbounded, single-consumer queue between synchronous producers and one asynchronous
/// consumer. `push` never suspends; `next()` suspends until an element arrives or the buffer
/// is finished. Cancelling the consuming task finishes the buffer.
final class AsyncBuffer<Element: Sendable>: Sendable {
    private struct Storage {
        var elements: [Element] = []
        var head = 0
        var isFinished = false
        var consumer: UnsafeContinuation<Element?, Never>?

        mutating func popFirst() -> Element? {
            guard head < elements.count else { return nil }
            let element = elements[head]
            head += 1
            if head == elements.count {
                elements.removeAll(keepingCapacity: true)
                head = 0
            }
            return element
        }
    }

    private let storage = Locked(Storage())

    /// Appends an element, or hands it straight to a waiting consumer. Dropped once finished.
    func push(_ element: Element) {
        let consumer: UnsafeContinuation<Element?, Never>? = storage.withLock { storage in
            guard !storage.isFinished else { return nil }
            if let consumer = storage.consumer {
                storage.consumer = nil
                return consumer
            }
            storage.elements.append(element)
            return nil
        }
        consumer?.resume(returning: element)
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
