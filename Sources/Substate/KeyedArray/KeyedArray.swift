/// An array of `Identifiable` elements that also finds them by id, and remembers which
/// elements changed so that a list of row scopes refreshes only the rows that did.
///
/// Use it for a list whose rows are scoped one by one in views:
///
/// ```swift
/// struct Inbox: Equatable, Sendable {
///     var messages: KeyedArray<Message> = []
/// }
///
/// // In the update function: one message's action, routed by id.
/// case .message(let id, let action):
///     return .child(action, in: state, at: \.messages, id: id, as: Action.message)
///
/// // In a view: the ids (told only when rows come, go or move), one scoped store per row.
/// ForEach(store[\.messages.ids], id: \.self) { id in
///     if let row = store.scope(at: \.messages, id: id, as: Action.message) {
///         MessageRow(store: row)
///     }
/// }
/// ```
///
/// A plain `Array` works in the same places. What this type adds:
/// - Finding an element by id is O(1) always (a dictionary of positions), not only while the
///   element stays where it was last seen.
/// - It keeps a short journal of the ids whose elements changed. After a send, a store reads
///   it and refreshes only the row scopes of those ids: with 10,000 rows on screen, changing
///   one costs what changing one costs, where a plain array makes every row scope compare
///   its element (see <doc:Observation>).
///
/// Read the list's ids as `store[\.messages.ids]`, not `store.messages.ids`: the second reads
/// the whole array as a field, so the store would compare it, and keep a copy of it, on every
/// send.
///
/// It is a value like any array: copies are independent, `==` compares the elements in order,
/// and it encodes as a plain JSON array. Ids are unique: the initializers and the mutations
/// that would add a second element with an id that is already there say what they do in that
/// case (``init(uniqueElements:)`` stops the program, ``append(_:)`` leaves the array as it
/// is and returns `false`, decoding throws).
///
/// The journal only remembers which ids changed, never values, and at most the last
/// 64 changes; a store that finds its last look older than that, or the array replaced by
/// another value, compares every row once. A copy of the array held elsewhere (a recording,
/// a test's expected state) makes the next change start a new journal, with the same effect
/// once.
public struct KeyedArray<Element: Identifiable> {
    @usableFromInline var _elements: [Element]
    /// The ids in order: changed only when elements are added, removed or moved, so that
    /// ``ids`` costs O(1) and a view observing it compares two arrays that share storage.
    @usableFromInline var _ids: [Element.ID]
    /// Where each id is, keyed so that a lookup hashes plain ids cheaply (see ``_IDKey``).
    @usableFromInline var _positions: [_IDKey<Element.ID>: Int]
    @usableFromInline var _journal: _RowJournal<Element.ID>

    /// An empty array.
    public init() {
        _elements = []
        _ids = []
        _positions = [:]
        _journal = _RowJournal()
    }

    /// An array of the given elements, in order.
    /// - Parameter elements: The elements; no two may have the same id.
    /// - Precondition: The ids are unique. A duplicate stops the program with a message naming
    ///   it; use ``init(_:uniquingIDsWith:)`` to merge duplicates instead.
    /// - Complexity: O(*n*).
    public init(uniqueElements elements: some Sequence<Element>) {
        self.init(elements) { first, _ in
            _misuse("KeyedArray(uniqueElements:): the id \(first.id) appears twice")
        }
    }

    /// An array of the given elements, in order, merging elements that share an id.
    /// - Parameters:
    ///   - elements: The elements.
    ///   - combine: Given the element already kept for an id and a later one with the same
    ///     id, returns the element to keep (in the first one's place). It must keep the id.
    /// - Complexity: O(*n*).
    public init(
        _ elements: some Sequence<Element>,
        uniquingIDsWith combine: (Element, Element) throws -> Element
    ) rethrows {
        var kept: [Element] = []
        var positions: [_IDKey<Element.ID>: Int] = [:]
        kept.reserveCapacity(elements.underestimatedCount)
        for element in elements {
            if let position = positions[_IDKey(element.id)] {
                let merged = try combine(kept[position], element)
                if merged.id != element.id {
                    _misuse("KeyedArray: uniquingIDsWith returned an element with another id")
                }
                kept[position] = merged
            } else {
                positions[_IDKey(element.id)] = kept.count
                kept.append(element)
            }
        }
        _elements = kept
        _ids = kept.map(\.id)
        _positions = positions
        _journal = _RowJournal()
        _checkInvariants()
    }

    /// The elements, in order, as an `Array`.
    /// - Complexity: O(1): the array shares this one's storage until one of them changes.
    @inlinable public var elements: [Element] { _elements }

    /// The ids of the elements, in order: what a list view reads (`store[\.messages.ids]`) to be
    /// told when rows are added, removed or moved, and not when a row's content changes.
    /// - Complexity: O(1). The ids are kept beside the elements, and only adding, removing
    ///   or moving elements changes them; two reads between such changes share storage, so
    ///   comparing them is O(1) as well.
    @inlinable public var ids: [Element.ID] { _ids }

    /// The position of the element with an id, if there is one.
    /// - Parameter id: The id.
    /// - Returns: Its index, or `nil`.
    /// - Complexity: O(1).
    @inlinable
    public func index(id: Element.ID) -> Int? {
        _positions[_IDKey(id)]
    }

    /// Whether an element has the id.
    /// - Parameter id: The id.
    /// - Complexity: O(1).
    @inlinable
    public func contains(id: Element.ID) -> Bool {
        _positions[_IDKey(id)] != nil
    }

    /// The element with an id; setting it replaces that element, appends one if there is
    /// none, and setting `nil` removes it.
    ///
    /// ```swift
    /// state.messages[id: id]?.isRead = true
    /// ```
    /// - Parameter id: The id.
    /// - Precondition: A new element has the id it is set under.
    /// - Complexity: O(1) to read, replace or append; O(*n*) to remove (the elements after it
    ///   move).
    public subscript(id id: Element.ID) -> Element? {
        // Inlinable, so that a read is specialised for the element type where it is made
        // (unspecialised, each read looked up the metadata of the positions' dictionary).
        @inlinable get {
            guard let position = _positions[_IDKey(id)] else { return nil }
            return _elements[position]
        }
        set {
            guard let newValue else {
                remove(id: id)
                return
            }
            if newValue.id != id {
                _misuse("KeyedArray: an element with id \(newValue.id) was set under the id \(id)")
            }
            if let position = _positions[_IDKey(id)] {
                _noteChange(of: id)
                _elements[position] = newValue
                _checkInvariants(at: position)
            } else {
                append(newValue)
            }
        }
    }

    /// Changes the element with an id in place, if there is one.
    /// - Returns: Whether there was one.
    @inlinable
    mutating func _modify(id: Element.ID, _ body: (inout Element) -> Void) -> Bool {
        guard let position = _positions[_IDKey(id)] else { return false }
        _noteChange(of: id)
        body(&_elements[position])
        if _elements[position].id != id { _rekey(at: position, from: id) }
        _checkInvariants(at: position)
        return true
    }

    /// Notes in the journal that the element with `id` changed (or appeared, or went).
    @inlinable
    mutating func _noteChange(of id: Element.ID) {
        _makeJournalUnique()
        _journal.note(id)
    }

    /// Notes that any element may have changed: readers compare every row.
    @usableFromInline
    mutating func _noteEverything() {
        _makeJournalUnique()
        _journal.noteEverything()
    }

    /// Starts a new journal (a new lineage, with a new serial) if another value shares this
    /// one's: a journal is only ever changed by its one holder.
    @inlinable
    mutating func _makeJournalUnique() {
        if !isKnownUniquelyReferenced(&_journal) { _journal = _RowJournal() }
    }

    /// After an element's id changed in place: its position moves to the new id.
    @usableFromInline
    mutating func _rekey(at position: Int, from old: Element.ID) {
        let new = _elements[position].id
        if _positions[_IDKey(new)] != nil {
            _misuse(
                "KeyedArray: an element's id changed from \(old) to \(new), which another element has"
            )
        }
        _positions[_IDKey(old)] = nil
        _positions[_IDKey(new)] = position
        _ids[position] = new
        _noteChange(of: new)
    }
}

extension KeyedArray: Sendable where Element: Sendable, Element.ID: Sendable {}
