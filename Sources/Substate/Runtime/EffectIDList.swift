/// The cancellation ids an effect runs under, in the order met: usually none or one, kept
/// inline, so that an effect started under one id allocates no array for it (an array is made
/// only for the second and later ids).
@usableFromInline
package struct EffectIDList: Sendable, Sequence, ExpressibleByArrayLiteral {
    @usableFromInline var _first: EffectID?
    @usableFromInline var _rest: [EffectID] = []

    /// No ids.
    @inlinable
    package init() {}

    /// The ids of `ids`, in order.
    @inlinable
    package init(_ ids: some Sequence<EffectID>) {
        append(contentsOf: ids)
    }

    /// The ids listed, in order.
    @inlinable
    package init(arrayLiteral ids: EffectID...) {
        self.init(ids)
    }

    /// Whether there is no id.
    @inlinable
    package var isEmpty: Bool { _first == nil }

    /// The id, when there is exactly one.
    @inlinable
    package var only: EffectID? { _rest.isEmpty ? _first : nil }

    /// Adds an id after the others.
    @inlinable
    package mutating func append(_ id: EffectID) {
        if _first == nil {
            _first = id
        } else {
            _rest.append(id)
        }
    }

    /// Adds ids after the others, in order.
    @inlinable
    package mutating func append(contentsOf ids: some Sequence<EffectID>) {
        for id in ids { append(id) }
    }

    @inlinable
    package func makeIterator() -> Iterator {
        Iterator(first: _first, rest: _rest.makeIterator())
    }

    /// Iterates the first id, then the rest.
    @usableFromInline
    package struct Iterator: IteratorProtocol {
        @usableFromInline var _first: EffectID?
        @usableFromInline var _rest: IndexingIterator<[EffectID]>

        @inlinable
        init(first: EffectID?, rest: IndexingIterator<[EffectID]>) {
            _first = first
            _rest = rest
        }

        @inlinable
        package mutating func next() -> EffectID? {
            if let first = _first {
                _first = nil
                return first
            }
            return _rest.next()
        }
    }
}
