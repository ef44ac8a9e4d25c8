/// The cancellation ids of one effect: usually none or one, so the first is kept inline and
/// an array is made only for the others — starting a cancellable effect allocates nothing
/// for its ids.
@usableFromInline
package struct EffectIDs: Sendable, Sequence, ExpressibleByArrayLiteral {
    @usableFromInline var first: EffectID?
    @usableFromInline var rest: [EffectID] = []

    @inlinable
    package init() {}

    @inlinable
    package init(arrayLiteral ids: EffectID...) {
        for id in ids { append(id) }
    }

    @inlinable
    package init(_ ids: some Sequence<EffectID>) {
        for id in ids { append(id) }
    }

    @inlinable
    package mutating func append(_ id: EffectID) {
        if first == nil { first = id } else { rest.append(id) }
    }

    @inlinable
    package var count: Int { first == nil ? 0 : 1 + rest.count }

    @inlinable
    package var isEmpty: Bool { first == nil }

    @inlinable
    package func makeIterator() -> Iterator {
        Iterator(first: first, rest: rest.makeIterator())
    }

    /// Yields the first id, then the others; allocates nothing.
    @usableFromInline
    package struct Iterator: IteratorProtocol {
        @usableFromInline var first: EffectID?
        @usableFromInline var rest: IndexingIterator<[EffectID]>

        @inlinable
        init(first: EffectID?, rest: IndexingIterator<[EffectID]>) {
            self.first = first
            self.rest = rest
        }

        @inlinable
        package mutating func next() -> EffectID? {
            if let id = first {
                first = nil
                return id
            }
            return rest.next()
        }
    }
}
