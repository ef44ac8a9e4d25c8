import Synchronization

/// The last changes made to a ``KeyedArray``: which ids, in order, numbered by a version that
/// grows with each change. A store's row scopes read it after a send to refresh only the rows
/// that changed.
///
/// A journal belongs to one lineage of values: an array changes its journal only while it
/// holds the only reference to it (`isKnownUniquelyReferenced`), and starts a new one
/// (with a new ``serial``) otherwise. So a `(serial, version)` pair always
/// names one content of the array, and a reader that saw `(serial, v)` and now sees
/// `(serial, w)` knows that only the ids recorded between `v` and `w` changed. A reader that
/// sees another serial, or a `v` older than the ring remembers, compares everything.
///
/// Mutated only while uniquely referenced, like the storage of an array, hence
/// `@unchecked Sendable`.
@usableFromInline
final class _RowJournal<ID: Hashable>: @unchecked Sendable {
    /// How many changes the ring remembers.
    @usableFromInline static var capacity: Int { 64 }

    /// Unique among the journals of the process, so that a reader can tell a journal from
    /// one that took its place (a freed journal's address may be reused; its serial is not).
    @usableFromInline let serial: UInt64
    // Written only while uniquely referenced, read by short accesses that never overlap:
    // unchecked for exclusivity at run time (the checks cost each recorded change about
    // 150 instructions).
    /// Changes recorded since the journal started.
    @usableFromInline @exclusivity(unchecked) var version: UInt64 = 0
    /// How many of the last changes the ring holds (at most ``capacity``): the change that
    /// made version `v + 1` is at `v % capacity`.
    @usableFromInline @exclusivity(unchecked) var remembered = 0
    /// The last ids changed; allocated at the first change.
    @usableFromInline @exclusivity(unchecked) var ring: [ID] = []

    @usableFromInline
    init() {
        serial = _RowJournalSerials.next()
    }

    /// Notes that the element with `id` changed.
    @inlinable
    func note(_ id: ID) {
        if ring.isEmpty { ring = Array(repeating: id, count: Self.capacity) }
        ring[_slot(of: version)] = id
        version &+= 1
        if remembered < Self.capacity { remembered += 1 }
        _checkInvariants()
    }

    /// Records that every element may have changed: every reader compares everything.
    @usableFromInline
    func noteEverything() {
        version &+= 1
        remembered = 0
        _checkInvariants()
    }

    /// Where in the ring the change that made version `version + 1` is.
    @inlinable
    func _slot(of version: UInt64) -> Int {
        Int(truncatingIfNeeded: version % UInt64(Self.capacity))
    }

    /// Whether the ring still holds every change made after version `seen`.
    @inlinable
    func remembersChanges(since seen: UInt64) -> Bool {
        seen <= version && version - seen <= UInt64(remembered)
    }

    /// The id whose change made version `seen + 1`, if the journal still remembers it.
    @inlinable
    func change(after seen: UInt64) -> ID? {
        guard seen < version, remembersChanges(since: seen) else { return nil }
        return ring[_slot(of: seen)]
    }

    /// Calls `body` with each id changed after version `seen` (in order, repeats included).
    /// - Returns: `false` if the journal does not remember all of them (then `body` was not
    ///   called, and the reader must compare everything).
    @inlinable
    func forEachChange(since seen: UInt64, _ body: (ID) -> Void) -> Bool {
        _checkInvariants()
        guard remembersChanges(since: seen) else { return false }
        var next = seen
        while next < version {
            body(ring[_slot(of: next)])
            next += 1
        }
        return true
    }

    /// Checks the journal's invariants; only with the internal checks on.
    @inlinable @inline(__always)
    func _checkInvariants() {
        #if SUBSTATE_INTERNAL_CHECKS
            precondition(remembered <= Self.capacity, "journal remembers too much")
            precondition(UInt64(remembered) <= version, "journal remembers the future")
            precondition(ring.isEmpty || ring.count == Self.capacity, "journal ring size")
        #endif
    }
}

/// The source of ``_RowJournal/serial``.
enum _RowJournalSerials {
    static let counter = Atomic<UInt64>(1)

    static func next() -> UInt64 {
        counter.wrappingAdd(1, ordering: .relaxed).oldValue
    }
}

/// A collection that notes which of its rows changed in a ``_RowJournal``: what the store's row
/// trackers read, through this protocol only, so that the collection knows nothing of them.
@usableFromInline
protocol _RowJournaling {
    associatedtype _RowID: Hashable
    /// Where the journal is stored in the collection: a stored property, so that a tracker
    /// reads it at its offset.
    static var _journalPath: KeyPath<Self, _RowJournal<_RowID>> { get }
}

extension KeyedArray: _RowJournaling {
    @inlinable
    static var _journalPath: KeyPath<KeyedArray, _RowJournal<Element.ID>> { \._journal }
}
