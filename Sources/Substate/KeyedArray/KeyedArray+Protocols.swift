extension KeyedArray: RandomAccessCollection {
    /// The position of the first element: always 0.
    @inlinable public var startIndex: Int { 0 }

    /// The position after the last element: the count.
    @inlinable public var endIndex: Int { _elements.count }

    /// The number of elements.
    @inlinable public var count: Int { _elements.count }

    /// The element at a position; setting it replaces the element.
    ///
    /// The new element may have another id, as long as no other element has it.
    /// - Parameter position: A valid index.
    /// - Complexity: O(1).
    public subscript(position: Int) -> Element {
        @inlinable get { _elements[position] }
        set {
            let old = _ids[position]
            _noteChange(of: old)
            _elements[position] = newValue
            if newValue.id != old { _rekey(at: position, from: old) }
            _checkInvariants(at: position)
        }
    }

    /// The position after `i`.
    @inlinable public func index(after i: Int) -> Int { i + 1 }

    /// The position before `i`.
    @inlinable public func index(before i: Int) -> Int { i - 1 }
}

extension KeyedArray: ExpressibleByArrayLiteral {
    /// An array of the listed elements; their ids must be unique (see
    /// ``init(uniqueElements:)``).
    public init(arrayLiteral elements: Element...) {
        self.init(uniqueElements: elements)
    }
}

extension KeyedArray: Equatable where Element: Equatable {
    /// Whether two arrays have equal elements in the same order.
    public static func == (lhs: KeyedArray, rhs: KeyedArray) -> Bool {
        lhs._elements == rhs._elements
    }
}

extension KeyedArray: Hashable where Element: Hashable {
    /// Hashes the elements in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(_elements)
    }
}

extension KeyedArray: Encodable where Element: Encodable {
    /// Encodes the elements as an unkeyed container: a plain array.
    public func encode(to encoder: any Encoder) throws {
        try _elements.encode(to: encoder)
    }
}

extension KeyedArray: Decodable where Element: Decodable {
    /// Decodes a plain array.
    /// - Throws: `DecodingError.dataCorrupted` if two elements have the same id, naming it.
    public init(from decoder: any Decoder) throws {
        let elements = try [Element](from: decoder)
        var duplicate: Element.ID?
        self.init(elements) { first, _ in
            duplicate = duplicate ?? first.id
            return first
        }
        if let duplicate {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "KeyedArray: the id \(duplicate) appears twice"))
        }
    }
}

extension KeyedArray: CustomReflectable {
    /// Reflects as the elements, so that dumps and test diffs show a plain list.
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: _elements, displayStyle: .collection)
    }
}

extension KeyedArray: CustomStringConvertible {
    /// The elements, as an array prints them.
    public var description: String { _elements.description }
}
