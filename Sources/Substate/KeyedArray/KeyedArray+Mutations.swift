extension KeyedArray {
    /// Adds an element at the end, unless an element already has its id.
    /// - Parameter element: The element.
    /// - Returns: Whether it was added; `false` leaves the array as it was.
    /// - Complexity: O(1) on average.
    @discardableResult
    public mutating func append(_ element: Element) -> Bool {
        insert(element, at: _elements.endIndex)
    }

    /// Adds elements at the end, skipping those whose id is already there (including ids
    /// that appear twice among the new elements: the first is kept).
    /// - Parameter elements: The elements.
    /// - Complexity: O(*m*), the number of new elements.
    public mutating func append(contentsOf elements: some Sequence<Element>) {
        for element in elements { append(element) }
    }

    /// Inserts an element at a position, unless an element already has its id.
    /// - Parameters:
    ///   - element: The element.
    ///   - index: Where; `endIndex` appends.
    /// - Returns: Whether it was inserted; `false` leaves the array as it was.
    /// - Complexity: O(*n*) (the positions after it move), O(1) at the end.
    @discardableResult
    public mutating func insert(_ element: Element, at index: Int) -> Bool {
        if index < 0 || index > _elements.count {
            _misuse("KeyedArray.insert(_:at:): index \(index) out of bounds 0...\(_elements.count)")
        }
        guard _positions[_IDKey(element.id)] == nil else { return false }
        _noteChange(of: element.id)
        _elements.insert(element, at: index)
        _ids.insert(element.id, at: index)
        _positions[_IDKey(element.id)] = index
        _renumber(from: index + 1)
        if index == _elements.count - 1 { _checkInvariants(at: index) } else { _checkInvariants() }
        return true
    }

    /// Replaces the element that has the new element's id, or appends it.
    /// - Parameter element: The element.
    /// - Returns: The element it replaced, or `nil` if it was appended.
    /// - Complexity: O(1) on average.
    @discardableResult
    public mutating func updateOrAppend(_ element: Element) -> Element? {
        let old = self[id: element.id]
        self[id: element.id] = element
        return old
    }

    /// Removes the element at a position.
    /// - Parameter index: A valid index.
    /// - Returns: The element removed.
    /// - Complexity: O(*n*) (the positions after it move), O(1) at the end.
    @discardableResult
    public mutating func remove(at index: Int) -> Element {
        if !_elements.indices.contains(index) {
            _misuse("KeyedArray.remove(at:): index \(index) out of bounds 0..<\(_elements.count)")
        }
        let id = _ids[index]
        _noteChange(of: id)
        _positions[_IDKey(id)] = nil
        _ids.remove(at: index)
        let removed = _elements.remove(at: index)
        _renumber(from: index)
        if index == _elements.count { _checkInvariants(at: index - 1) } else { _checkInvariants() }
        return removed
    }

    /// Removes the element with an id, if there is one.
    /// - Parameter id: The id.
    /// - Returns: The element removed, or `nil`.
    /// - Complexity: O(*n*) (the positions after it move), O(1) at the end.
    @discardableResult
    public mutating func remove(id: Element.ID) -> Element? {
        guard let index = _positions[_IDKey(id)] else { return nil }
        return remove(at: index)
    }

    /// Removes the elements that match a predicate.
    /// - Parameter shouldBeRemoved: Whether to remove an element.
    /// - Complexity: O(*n*).
    public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        var kept: [Element] = []
        kept.reserveCapacity(_elements.count)
        var removedAny = false
        for element in _elements {
            if try shouldBeRemoved(element) {
                removedAny = true
            } else {
                kept.append(element)
            }
        }
        guard removedAny else { return }
        _replaceAll(with: kept)
    }

    /// Removes every element.
    /// - Complexity: O(*n*).
    public mutating func removeAll() {
        guard !_elements.isEmpty else { return }
        _replaceAll(with: [])
    }

    /// Exchanges the elements at two positions.
    /// - Complexity: O(1).
    public mutating func swapAt(_ i: Int, _ j: Int) {
        guard i != j else { return }
        _elements.swapAt(i, j)
        _ids.swapAt(i, j)
        _positions[_IDKey(_ids[i])] = i
        _positions[_IDKey(_ids[j])] = j
        _checkInvariants(at: i)
        _checkInvariants(at: j)
    }

    /// Sorts the elements. Moving elements changes no element, so no row scope is
    /// refreshed; views reading ``ids`` are told.
    ///
    /// If `areInIncreasingOrder` throws, the array is left exactly as it was.
    /// - Parameter areInIncreasingOrder: The order.
    /// - Complexity: O(*n* log *n*).
    public mutating func sort(
        by areInIncreasingOrder: (Element, Element) throws -> Bool
    ) rethrows {
        // Sorted aside: a comparator that throws half-way leaves the elements in an order
        // that neither `_ids` nor `_positions` describe.
        let sorted = try _elements.sorted(by: areInIncreasingOrder)
        _elements = sorted
        _ids = _elements.map(\.id)
        _renumber(from: 0)
        _checkInvariants()
    }

    /// Reverses the order of the elements.
    /// - Complexity: O(*n*).
    public mutating func reverse() {
        _elements.reverse()
        _ids.reverse()
        _renumber(from: 0)
        _checkInvariants()
    }

    /// Moves elements to new positions, as SwiftUI's `onMove` asks.
    /// - Parameters:
    ///   - source: The positions of the elements to move.
    ///   - destination: The position, in the array before the move, to move them in front of.
    /// - Complexity: O(*n*).
    public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
        let moving = Set(source)
        guard !moving.isEmpty else { return }
        var before: [Element] = []
        var moved: [Element] = []
        var after: [Element] = []
        for (index, element) in _elements.enumerated() {
            if moving.contains(index) {
                moved.append(element)
            } else if index < destination {
                before.append(element)
            } else {
                after.append(element)
            }
        }
        _elements = before + moved + after
        _ids = _elements.map(\.id)
        _renumber(from: 0)
        _checkInvariants()
    }

    /// Sets the positions of the elements from `start` on.
    @usableFromInline
    mutating func _renumber(from start: Int) {
        var index = start
        while index < _ids.count {
            _positions[_IDKey(_ids[index])] = index
            index += 1
        }
    }

    /// Replaces the elements with a subset of them; readers compare every row once.
    mutating func _replaceAll(with kept: [Element]) {
        _noteEverything()
        _elements = kept
        _ids = kept.map(\.id)
        _positions = [:]
        _positions.reserveCapacity(_ids.count)
        for (index, id) in _ids.enumerated() { _positions[_IDKey(id)] = index }
        _checkInvariants()
    }
}
