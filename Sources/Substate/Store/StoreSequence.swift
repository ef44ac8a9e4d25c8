/// An asynchronous sequence of what a store publishes: its committed states or its processed
/// actions.
///
/// You get one from ``Store/states`` or ``Store/actions``. The subscription starts when the
/// sequence is created and buffers values until they are read, with a bound: the newest
/// unread state, or up to 10,000 unread actions (the oldest dropped beyond). It ends when the store is
/// torn down, when the iterating task is cancelled, or when the sequence and its iterators are
/// discarded. Iterate each sequence once, from one task.
public struct StoreSequence<Element: Sendable>: AsyncSequence, Sendable {
    /// The type of error the sequence throws: none.
    public typealias Failure = Never

    private let subscription: Subscription

    init(_ broadcast: _Broadcast<Element>) {
        subscription = Subscription(broadcast)
    }

    /// Keeps a broadcast subscription alive while a sequence or iterator refers to it.
    final class Subscription: Sendable {
        let broadcast: _Broadcast<Element>
        let id: Int
        let buffer: AsyncBuffer<Element>

        init(_ broadcast: _Broadcast<Element>) {
            self.broadcast = broadcast
            (id, buffer) = broadcast.subscribe()
        }

        deinit {
            broadcast.unsubscribe(id)
        }
    }

    /// Reads the values of a ``StoreSequence``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let subscription: Subscription

        /// The next value, or `nil` once the sequence has ended.
        public mutating func next() async -> Element? {
            await subscription.buffer.next()
        }

        /// The next value, or `nil` once the sequence has ended.
        /// - Parameter actor: The caller's isolation; the iterator does not need it.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            await subscription.buffer.next()
        }
    }

    /// Creates the iterator.
    /// - Returns: An iterator over the subscription's values.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(subscription: subscription)
    }
}
