import Foundation

/// Where elements were last found by id, so that finding one again costs O(1) while it has not
/// moved: the memory behind ``OptionalLens/element(id:in:)-(_,WritableKeyPath<Whole,[Part]>Sendable)``.
///
/// An update function usually makes its element lens anew for every action, so the lens
/// itself cannot remember anything. The positions live here instead: per key path to an array,
/// a table of the indices where elements were last seen, placed by the hash of their ids, shared by every lens and
/// store in the process. A position is only a guess: it is checked against the array (the
/// element at the remembered index must have the id) before it is used, and a wrong or missing
/// one costs a linear search, after which the new position is remembered. So results never
/// depend on this memory, only the time to reach them.
///
/// After the array changes shape (an insertion or a removal before an element), the positions
/// after it are all wrong. Rather than search for each of them in turn, the table is
/// rebuilt from the array (one pass, O(*n*)) after ``rebuildAfterMisses`` searches: building
/// costs some tens of searches, so a run of misses costs at most about twice what searching
/// alone would, and every lookup after it is O(1) again.
///
/// The memory holds one table per key path (at most ``pathLimit`` of them, forgetting one
/// when a new path comes), each with two to four 4-byte slots per element of the array it
/// indexes.
@usableFromInline
enum _PositionHints {
    /// Linear searches since the last rebuild after which a table is rebuilt whole.
    @usableFromInline static let rebuildAfterMisses = 32

    /// The most key paths remembered at once.
    @usableFromInline static let pathLimit = 64

    /// Where an id goes in a table. `Int`, `Int64` and `UUID` ids, the ids of most lists, whose
    /// equality is that of their bits, are mixed by a few multiplications with a seed drawn
    /// once per process; others are hashed by `Hasher`, as a `Set` would (about 90
    /// instructions for an `Int`, about as much as the rest of the lookup). The type tests are
    /// folded away where the code is specialised, and are two or three comparisons where it is
    /// not. A poor spread would only cost time: every position found is checked.
    @inlinable
    static func hash<ID: Hashable>(_ id: ID) -> Int {
        if ID.self == Int.self {
            return mix(UInt64(UInt(bitPattern: unsafeBitCast(id, to: Int.self))), 0)
        }
        if ID.self == UUID.self {
            let (low, high) = unsafeBitCast(id, to: (UInt64, UInt64).self)
            return mix(low, high)
        }
        if ID.self == Int64.self {
            return mix(UInt64(bitPattern: unsafeBitCast(id, to: Int64.self)), 0)
        }
        return id.hashValue
    }

    /// MurmurHash3's 64-bit finalizer, over two words folded into one with the seed.
    @inlinable
    static func mix(_ low: UInt64, _ high: UInt64) -> Int {
        _mixBits(low ^ seed, high)
    }

    /// The seed of ``hash(_:)``, drawn once per process, so that ids chosen to collide in one
    /// process do not collide in another.
    @usableFromInline static let seed = UInt64.random(in: .min ... .max)

    /// The tables, by the key path of the array they index, and the one used last (found
    /// without hashing its key path when the same key path object comes again, as a key path
    /// literal's does).
    @usableFromInline static let indexes = Locked<_Indexes>(_Indexes())

    @usableFromInline
    struct _Indexes {
        @usableFromInline var byPath: [AnyKeyPath: _Index] = [:]
        @usableFromInline var last: (path: AnyKeyPath, index: _Index)?

        @usableFromInline init() {}

        /// The table for `path`, if there is one.
        @inlinable
        mutating func table(_ path: AnyKeyPath) -> _Index? {
            if let last, last.path === path { return last.index }
            guard let index = byPath[path] else { return nil }
            last = (path, index)
            return index
        }

        /// Installs the table for `path`, forgetting another if there are too many.
        @inlinable
        mutating func install(_ index: _Index, for path: AnyKeyPath) {
            if byPath[path] == nil, byPath.count >= _PositionHints.pathLimit {
                byPath.remove(at: byPath.startIndex)
            }
            byPath[path] = index
            last = (path, index)
        }
    }

    /// The positions of one array's elements: an open-addressed table of indices into the
    /// array, placed by the hash of the element's id. It keeps no ids: a position is checked
    /// against the array, which is also how a stale one is told apart. Read and written under
    /// ``indexes``' lock; a reader probes ``slots`` under it too.
    @usableFromInline
    final class _Index {
        /// Indices into the array, `-1` where empty; the count is a power of two at least
        /// twice the number of positions held.
        // Only touched under the lock, so the runtime's exclusivity checks are left out.
        @usableFromInline @exclusivity(unchecked) var slots: [Int32]
        @usableFromInline @exclusivity(unchecked) var used = 0
        @usableFromInline @exclusivity(unchecked) var misses = 0

        @usableFromInline
        init(capacity: Int) {
            var size = 16
            while size < 2 * capacity { size *= 2 }
            slots = Array(repeating: -1, count: size)
        }
    }
}

extension Array where Element: Identifiable {
    /// The index of the element with `id`: at the remembered position when the element is
    /// still there, found by a linear search (and remembered) otherwise. When several
    /// elements have the id, which of them is found is not specified.
    /// - Complexity: O(1) when the element has not moved since it was last found through
    ///   `path`; O(*n*) otherwise.
    @inlinable
    func _index(of id: Element.ID, rememberedUnder path: AnyKeyPath) -> Int? {
        let hash = _PositionHints.hash(id)
        if let remembered = _rememberedIndex(of: id, hash: hash, under: path) {
            return remembered
        }
        guard let found = firstIndex(where: { $0.id == id }) else { return nil }
        _remember(found, hash: hash, under: path)
        return found
    }

    @inlinable
    func _rememberedIndex(of id: Element.ID, hash: Int, under path: AnyKeyPath) -> Int? {
        // Probed under the lock: copying the slots out would cost a retain and a release,
        // more than the probe (a few loads) holds the lock for.
        _PositionHints.indexes.withLock { indexes -> Int? in
            guard let table = indexes.table(path) else { return nil }
            return table.slots.withUnsafeBufferPointer { slots in
                let mask = slots.count - 1
                var slot = hash & mask
                // At most half the slots are used, so the run of used slots ends, soon on average.
                while true {
                    let position = Int(slots[slot])
                    if position < 0 { return nil }
                    if position < count, self[position].id == id { return position }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// Records where a search found an element, and rebuilds the array's whole table once
    /// searches have become frequent enough to pay for it (or the table is full).
    @inlinable
    func _remember(_ index: Int, hash: Int, under path: AnyKeyPath) {
        guard index <= Int(Int32.max) else { return }
        let rebuild = _PositionHints.indexes.withLock { indexes -> Bool in
            let table: _PositionHints._Index
            if let existing = indexes.table(path) {
                table = existing
            } else {
                table = _PositionHints._Index(capacity: _PositionHints.rebuildAfterMisses)
                indexes.install(table, for: path)
            }
            table.misses += 1
            let mask = table.slots.count - 1
            var slot = hash & mask
            while table.slots[slot] >= 0 { slot = (slot + 1) & mask }
            table.slots[slot] = Int32(index)
            table.used += 1
            return table.misses >= _PositionHints.rebuildAfterMisses
                || 2 * table.used > table.slots.count
        }
        guard rebuild, count <= Int(Int32.max) else { return }
        let table = _PositionHints._Index(capacity: count)
        let mask = table.slots.count - 1
        for (index, element) in enumerated() {
            var slot = _PositionHints.hash(element.id) & mask
            while table.slots[slot] >= 0 { slot = (slot + 1) & mask }
            table.slots[slot] = Int32(index)
        }
        table.used = count
        _PositionHints.indexes.withLock { $0.install(table, for: path) }
    }
}
