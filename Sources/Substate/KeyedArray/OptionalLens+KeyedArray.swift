extension OptionalLens {
    /// An optional lens to the element with an id in a ``KeyedArray``.
    ///
    /// A scope made with it (`store.scope(at: .element(id: id, in: \.rows), as: …)`, or
    /// `store.scope(at: \.rows, id: id, as: …)`, which makes it)
    /// is refreshed only after a send that changed its row, however many rows there are.
    /// - Parameters:
    ///   - id: The element's id; no such element means missing.
    ///   - keyPath: The path from the whole to the array.
    /// - Returns: The lens. Effects of the element run under the id of the array and `id`.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    public static func element(
        id: Part.ID, in keyPath: any WritableKeyPath<Whole, KeyedArray<Part>> & Sendable
    ) -> OptionalLens where Part: Identifiable & Sendable, Part.ID: Sendable {
        // One object that both closures capture, and use as their context: making the lens
        // (in every update that routes an action to a row) allocates once, not twice.
        // Always inlined: in an update, the optimiser then drops what `child` does not use
        // (the row address, the effect key unless an effect comes), about 450 instructions
        // per action that a call made (measured when a larger effect key tipped the inliner).
        let element = _KeyedElement(path: _StoredPath(keyPath), id: id)
        // The row read where the whole lies: a row scope's refresh reads it from the root's
        // state without copying that state first.
        return OptionalLens(
            storage: .inPlace(
                read: { [element] whole in
                    guard element.path.offset >= 0 else {
                        return whole.pointee[keyPath: element.path.keyPath][id: element.id]
                    }
                    return element.path.pointer(at: whole).pointee[id: element.id]
                },
                write: { [element] whole, body in
                    element.path.modify(&whole) { $0._modify(id: element.id, body) }
                }),
            // Its key made by its row address when asked (see `OptionalLens._placeKey`).
            placeKey: nil,
            // Where the row lives, for a row scope to join its array's tracker.
            row: _KeyedRowAddress.of(element))
    }
}

/// The array and the id of ``OptionalLens/element(id:in:)-(_,any WritableKeyPath<Whole,KeyedArray<Part>> & Sendable)``.
@usableFromInline
final class _KeyedElement<Whole, Element: Identifiable>: @unchecked Sendable {
    // Sendable: immutable, made from a Sendable key path and id.
    @usableFromInline let path: _StoredPath<Whole, KeyedArray<Element>>
    @usableFromInline let id: Element.ID

    @inlinable
    init(path: _StoredPath<Whole, KeyedArray<Element>>, id: Element.ID) {
        self.path = path
        self.id = id
    }
}
