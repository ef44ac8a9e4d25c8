/// The address of an element of a ``KeyedArray`` by id.
@usableFromInline
struct _KeyedRowAddress<Whole, Element: Identifiable>: _RowAddress where Element.ID: Sendable {
    // Three words, the inline size of an existential: `OptionalLens._row` holds it unboxed.
    /// The array's path and the element's id, shared with the lens's closures.
    let element: _KeyedElement<Whole, Element>
    /// ``attach(_:to:owner:whole:_:)``, as a closure made by the element lens.
    let attachBody:
        @MainActor (
            _ScopeLink, _ScopeRefresher, UInt64, _WholeReader<Whole>,
            _KeyedElement<Whole, Element>
        ) -> Void

    @usableFromInline
    init(
        element: _KeyedElement<Whole, Element>,
        attach:
            @escaping @MainActor (
                _ScopeLink, _ScopeRefresher, UInt64, _WholeReader<Whole>,
                _KeyedElement<Whole, Element>
            ) -> Void
    ) {
        self.element = element
        self.attachBody = attach
    }

    /// The address of `element`, which joins its array's tracker through a closure made
    /// here, where the types are known, so that the joining and the tracker's refresh after
    /// every send are specialised for them (see `_RowTracker.refreshBody`); the closure
    /// captures nothing, so making the lens allocates nothing more.
    @inlinable @inline(__always)
    static func of(_ element: _KeyedElement<Whole, Element>) -> _KeyedRowAddress {
        _KeyedRowAddress(element: element) { link, refresher, owner, whole, element in
            attach(link, to: refresher, owner: owner, whole: whole, element)
        }
    }

    /// `false`: the tracker reads the array's journal.
    @usableFromInline var comparesEveryRow: Bool { false }

    /// The array's key path and the row's id, as the element lens's key.
    @usableFromInline var placeKey: _PendingEffectID? {
        _PendingEffectID(_ChildKey(path: element.path.keyPath as AnyKeyPath, key: element.id))
    }

    @MainActor @usableFromInline
    func track(
        _ link: _ScopeLink, in refresher: _ScopeRefresher, owner: UInt64,
        whole: _WholeReader<Whole>
    ) {
        attachBody(link, refresher, owner, whole, element)
    }

    /// The same as without `rows`: the tracker of a ``KeyedArray`` reads its journal.
    @MainActor @usableFromInline
    func track<Part>(
        _ link: _ScopeLink, in refresher: _ScopeRefresher, owner: UInt64,
        whole: _WholeReader<Whole>, rows: _RowRefresh<Part>
    ) {
        track(link, in: refresher, owner: owner, whole: whole)
    }

    /// Adds a row scope's link to the tracker of its array, made if needed. Inlinable: the
    /// element lens calls it from a closure of its own, specialised for the types (unspecialised,
    /// naming the tracker's type instantiated it and checked its id's conformance for every
    /// scope made).
    @MainActor @inlinable
    static func attach(
        _ link: _ScopeLink, to refresher: _ScopeRefresher, owner: UInt64,
        whole: _WholeReader<Whole>, _ element: _KeyedElement<Whole, Element>
    ) {
        let keyPath = element.path.keyPath
        if let last = refresher.lastTracker(owner: owner, path: keyPath) {
            // The tracker of this array, found or made last: made here for this key path,
            // whose type fixes the ids' type (checked in debug builds by `unsafeDowncast`).
            unsafeDowncast(last, to: _RowTracker<Element.ID>.self).addLink(link, for: element.id)
            return
        }
        // The journal's key path is made only with the tracker, once per array: appending to
        // a key path instantiates a new one (demangling its types), which cost each new row
        // scope most of its making.
        let tracker = refresher.tracker(owner: owner, path: keyPath) {
            _RowTracker<Element.ID>(
                journal: whole.reading(keyPath.appending(path: KeyedArray<Element>._journalPath)))
        }
        if let tracker {
            tracker.addLink(link, for: element.id)
        } else {
            refresher.add(link)
        }
    }
}
