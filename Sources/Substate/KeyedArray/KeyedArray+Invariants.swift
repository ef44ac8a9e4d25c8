extension KeyedArray {
    /// Checks that the elements, the ids and the positions agree: as many of each, the id at
    /// each position is its element's, and each id's position is where it is. Only with the
    /// library's internal checks on (see ``_isInternalCheckingEnabled``); O(*n*), so it follows
    /// only the mutations that are O(*n*) already.
    @inlinable @inline(__always)
    func _checkInvariants() {
        #if SUBSTATE_INTERNAL_CHECKS
            _checkAllPositions()
        #endif
    }

    /// Checks the counts and one position: what an O(1) mutation touched. Only with the internal checks on.
    @inlinable @inline(__always)
    func _checkInvariants(at position: Int) {
        #if SUBSTATE_INTERNAL_CHECKS
            _checkCounts()
            _checkPosition(position)
        #endif
    }

    @usableFromInline
    func _checkAllPositions() {
        _checkCounts()
        for position in _elements.indices { _checkPosition(position) }
    }

    @usableFromInline
    func _checkCounts() {
        precondition(
            _ids.count == _elements.count && _positions.count == _elements.count,
            "KeyedArray: \(_elements.count) elements, \(_ids.count) ids, \(_positions.count) positions"
        )
    }

    @usableFromInline
    func _checkPosition(_ position: Int) {
        guard _elements.indices.contains(position) else { return }
        let id = _ids[position]
        precondition(
            _elements[position].id == id,
            "KeyedArray: the id at \(position) is \(id), its element's is \(_elements[position].id)"
        )
        precondition(
            _positions[_IDKey(id)] == position,
            "KeyedArray: \(id) is at \(position), its position says \(String(describing: _positions[_IDKey(id)]))"
        )
    }
}
